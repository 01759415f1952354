import { describe, expect, it } from 'vitest';
import {
  committeeSizeIssue,
  firstStanding,
  pastBidDeadline,
  representativesIssue,
} from './committee-rules';

describe('the committee rules as the draw form says them', () => {
  it('an odd size, at least five on a mandatory tender and three otherwise', () => {
    expect(committeeSizeIssue(6, true)).toMatch(/必须为单数/);
    expect(committeeSizeIssue(3, true)).toMatch(/不少于 5 人/);
    expect(committeeSizeIssue(5, true)).toBeUndefined();
    expect(committeeSizeIssue(3, false)).toBeUndefined();
    expect(committeeSizeIssue(27, false)).toMatch(/最多 25 人/);
  });

  it('representatives at most ⌊n/3⌋', () => {
    expect(representativesIssue(1, 5)).toBeUndefined();
    expect(representativesIssue(2, 5)).toMatch(/最多 1 人/);
    expect(representativesIssue(2, 7)).toBeUndefined();
    expect(representativesIssue(3, 7)).toMatch(/最多 2 人/);
  });

  it('opens after the bid deadline only', () => {
    expect(pastBidDeadline('published')).toBe(false);
    expect(pastBidDeadline('closed')).toBe(true);
    expect(pastBidDeadline('opened')).toBe(true);
  });

  it('the award goes to the first candidate not declined', () => {
    const candidates = [{ bidId: 5 }, { bidId: 2 }, { bidId: 9 }];
    expect(firstStanding(candidates, new Set())?.bidId).toBe(5);
    expect(firstStanding(candidates, new Set([5]))?.bidId).toBe(2);
    expect(firstStanding(candidates, new Set([5, 2, 9]))).toBeUndefined();
  });
});
