import { describe, expect, it } from 'vitest';
import { checkedTenderDates, resolvedTenderDates, tenderDateIssues } from './tender-dates.js';

const now = new Date('2026-03-01T02:00:00.000Z');
const DAY_MS = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const clock = { publication: now, now };
const dates = (overrides: object = {}) => ({
  bidDeadline: at(25),
  openingAt: null,
  docsFrom: null,
  docsUntil: null,
  mandatory: true,
  ...overrides,
});

describe('the tender date rules (one superRefine for the server and the web form)', () => {
  it('passes good dates and fills the defaults', () => {
    expect(tenderDateIssues(dates(), clock)).toEqual([]);
    expect(resolvedTenderDates(dates(), now)).toEqual({
      bidDeadline: at(25),
      openingAt: at(25),
      docsFrom: now,
      docsUntil: at(25),
    });
  });

  it('names each broken rule at its field, in the order the server refuses them', () => {
    expect(
      tenderDateIssues(dates({ bidDeadline: at(-1), openingAt: at(-2), docsFrom: at(-3) }), clock),
    ).toEqual([
      { field: 'bidDeadline', message: '投标截止时间必须晚于当前时间（2026-03-01 10:00）' },
      { field: 'openingAt', message: '开标时间不能早于投标截止时间（依法应在截止时间当时开标）' },
      { field: 'docsFrom', message: '招标文件获取开始时间不能早于发布时间（2026-03-01 10:00）' },
      {
        field: 'bidDeadline',
        message:
          '依法必须招标的项目，自发布之日起至投标截止不得少于 20 日（不早于 2026-03-21 10:00）',
      },
      { field: 'docsUntil', message: '依法必须招标的项目，招标文件获取期不得少于 5 日' },
    ]);
    expect(tenderDateIssues(dates({ docsFrom: at(1), docsUntil: at(5.5) }), clock)).toEqual([
      { field: 'docsUntil', message: '依法必须招标的项目，招标文件获取期不得少于 5 日' },
    ]);
  });

  it('is a zod schema with the refinement, for any caller that parses', () => {
    const result = checkedTenderDates(clock).safeParse(dates({ docsUntil: at(26) }));
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['docsUntil'], '招标文件获取截止时间不能晚于投标截止时间'],
    ]);
  });
});
