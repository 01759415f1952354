import { describe, expect, it } from 'vitest';
import { daysBetween, dueStateOf, dueText } from './contract-due';

const pending = { dueAt: '2027-01-22', signedAt: null, overdue: false };

describe('the contract due cell', () => {
  it('counts whole Beijing days, across a month and a year', () => {
    expect(daysBetween('2026-12-23', '2027-01-22')).toBe(30);
    expect(daysBetween('2027-01-22', '2027-01-22')).toBe(0);
  });

  it('says the days left, 今天到期 on the due day (day 30), and 已逾期 from day 31', () => {
    expect(dueText(dueStateOf(pending, '2026-12-23'))).toBe('剩 30 天');
    expect(dueText(dueStateOf(pending, '2027-01-21'))).toBe('剩 1 天');
    expect(dueText(dueStateOf(pending, '2027-01-22'))).toBe('今天到期');
    expect(dueStateOf({ ...pending, overdue: true }, '2027-01-23')).toEqual({
      kind: 'overdue',
      days: 1,
    });
    expect(dueText(dueStateOf({ ...pending, overdue: true }, '2027-02-01'))).toBe('已逾期 10 天');
  });

  it('says 已签订, and how late when signed after the due day', () => {
    expect(dueText(dueStateOf({ ...pending, signedAt: '2027-01-02' }, '2027-03-01'))).toBe(
      '已签订',
    );
    expect(dueText(dueStateOf({ ...pending, signedAt: '2027-01-25' }, '2027-03-01'))).toBe(
      '已签订（逾期 3 天）',
    );
  });
});
