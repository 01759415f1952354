import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { amendmentDates, checkMoney, checkTenderDates, DAY_MS } from './date-rules.js';

const now = new Date('2026-03-01T02:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const dates = (overrides: Partial<Parameters<typeof checkTenderDates>[0]> = {}) => ({
  bidDeadline: at(25),
  openingAt: null,
  docsFrom: null,
  docsUntil: null,
  mandatory: true,
  ...overrides,
});

/** "field: message": the field as the form finds it (data.fields), the message as people read it. */
function refusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) {
      const fields = (error.data as { fields: { field: string }[] }).fields;
      return `${fields[0]!.field}: ${error.message}`;
    }
    throw error;
  }
  return null;
}

describe('tender date rules', () => {
  it('fills the defaults: opening at the deadline, documents from publication to the deadline', () => {
    expect(checkTenderDates(dates(), now, now)).toEqual({
      bidDeadline: at(25),
      openingAt: at(25),
      docsFrom: now,
      docsUntil: at(25),
    });
  });

  it('refuses each broken rule naming the field', () => {
    expect(refusal(() => checkTenderDates(dates({ bidDeadline: at(-1) }), now, now))).toMatch(
      /^bidDeadline: 投标截止时间必须晚于当前时间（2026-03-01 10:00）$/,
    );
    expect(refusal(() => checkTenderDates(dates({ openingAt: at(24) }), now, now))).toMatch(
      /^openingAt: 开标时间不能早于投标截止时间/,
    );
    expect(refusal(() => checkTenderDates(dates({ docsFrom: at(-1) }), now, now))).toMatch(
      /^docsFrom: 招标文件获取开始时间不能早于发布时间/,
    );
    expect(refusal(() => checkTenderDates(dates({ docsUntil: at(26) }), now, now))).toMatch(
      /^docsUntil: 招标文件获取截止时间不能晚于投标截止时间/,
    );
    expect(
      refusal(() => checkTenderDates(dates({ docsFrom: at(3), docsUntil: at(2) }), now, now)),
    ).toMatch(/^docsUntil: 招标文件获取截止时间必须晚于开始时间/);
    expect(refusal(() => checkTenderDates(dates({ bidDeadline: at(19.9) }), now, now))).toMatch(
      /^bidDeadline: 投标截止时间：依法必须招标的项目，自发布之日起至投标截止不得少于 20 日（不早于 2026-03-21 10:00）$/,
    );
    expect(
      refusal(() => checkTenderDates(dates({ docsFrom: at(1), docsUntil: at(5.5) }), now, now)),
    ).toMatch(/^docsUntil: 招标文件获取截止时间：依法必须招标的项目，招标文件获取期不得少于 5 日/);
    expect(refusal(() => checkMoney(100, 100.01))).toMatch(
      /^priceCeiling: 最高投标限价不能高于预算/,
    );
  });

  it('keeps exactly 20 and 5 days, and lets other tenders use any future deadline', () => {
    expect(() =>
      checkTenderDates(dates({ bidDeadline: at(20), docsFrom: at(1), docsUntil: at(6) }), now, now),
    ).not.toThrow();
    expect(() =>
      checkTenderDates(dates({ bidDeadline: at(0.01), mandatory: false }), now, now),
    ).not.toThrow();
    expect(() => checkMoney(100, 100)).not.toThrow();
  });

  it('moves the deadline and the opening so that 15 days remain after an amendment', () => {
    const moved = amendmentDates(
      { bidDeadline: at(10), openingAt: new Date(at(10).getTime() + 3600_000), mandatory: true },
      now,
    );
    expect(moved).toEqual({
      bidDeadline: at(15),
      openingAt: new Date(at(15).getTime() + 3600_000),
      extended: true,
    });
    expect(
      amendmentDates({ bidDeadline: at(16), openingAt: at(16), mandatory: true }, now),
    ).toEqual({ bidDeadline: at(16), openingAt: at(16), extended: false });
    expect(
      amendmentDates({ bidDeadline: at(2), openingAt: at(2), mandatory: false }, now).extended,
    ).toBe(false);
  });
});
