import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRecent, formatTime, parseTime, timeAgo } from './time';
import { resetServerClock } from './server-clock';

// Local-time constructors keep these tests independent of the machine's time zone.
const date = new Date(2018, 0, 2, 3, 4, 5); // a Tuesday
const ms = date.getTime();
const seconds = Math.floor(ms / 1000);

describe('parseTime', () => {
  it('returns null for a missing or falsy time', () => {
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime(null)).toBeNull();
    expect(parseTime(0)).toBeNull();
    expect(parseTime('')).toBeNull();
  });

  it('formats a Date with the default pattern, zero-padding every field', () => {
    expect(parseTime(date)).toBe('2018-01-02 03:04:05');
  });

  it('reads milliseconds and 10-digit seconds', () => {
    expect(parseTime(ms)).toBe('2018-01-02 03:04:05');
    expect(parseTime(seconds)).toBe('2018-01-02 03:04:05');
  });

  it('reads numeric strings as numbers', () => {
    expect(parseTime(String(ms))).toBe('2018-01-02 03:04:05');
    expect(parseTime(String(seconds))).toBe('2018-01-02 03:04:05');
  });

  it("replaces '-' with '/' in date strings and parses ISO strings", () => {
    expect(parseTime('2018-01-02 03:04:05')).toBe('2018-01-02 03:04:05');
    expect(parseTime(new Date(2018, 0, 2, 3, 4, 5).toISOString())).toBe('2018-01-02 03:04:05');
  });

  it('applies a custom format and names the weekday in Chinese', () => {
    expect(parseTime(date, '{y}年{m}月{d}日 星期{a}')).toBe('2018年01月02日 星期二');
    expect(parseTime(new Date(2018, 0, 7), '{a}')).toBe('日');
    expect(parseTime(date, '{h}:{i}')).toBe('03:04');
  });
});

describe('formatTime', () => {
  const now = new Date(2018, 6, 10, 12, 0, 0).getTime();
  const ago = (s: number) => now - s * 1000;

  it('says 刚刚 under 30 seconds', () => {
    expect(formatTime(ago(0), undefined, now)).toBe('刚刚');
    expect(formatTime(ago(29), undefined, now)).toBe('刚刚');
  });

  it('counts minutes under an hour, rounding up', () => {
    expect(formatTime(ago(30), undefined, now)).toBe('1分钟前');
    expect(formatTime(ago(61), undefined, now)).toBe('2分钟前');
    expect(formatTime(ago(3599), undefined, now)).toBe('60分钟前');
  });

  it('counts hours under a day, rounding up', () => {
    expect(formatTime(ago(3600), undefined, now)).toBe('1小时前');
    expect(formatTime(ago(3601), undefined, now)).toBe('2小时前');
  });

  it('says 1天前 under two days', () => {
    expect(formatTime(ago(86400), undefined, now)).toBe('1天前');
    expect(formatTime(ago(2 * 86400 - 1), undefined, now)).toBe('1天前');
  });

  it('shows M月D日H时I分 after that, or the given format', () => {
    const old = new Date(2018, 6, 1, 9, 5, 0).getTime();
    expect(formatTime(old, undefined, now)).toBe('7月1日9时5分');
    expect(formatTime(old, '{y}-{m}-{d}', now)).toBe('2018-07-01');
  });

  it('reads 10-digit input as seconds', () => {
    const tenDigits = Math.floor(ago(120) / 1000);
    expect(String(tenDigits)).toHaveLength(10);
    expect(formatTime(tenDigits, undefined, now)).toBe('2分钟前');
    expect(formatTime(String(tenDigits), undefined, now)).toBe('2分钟前');
  });
});

describe('timeAgo', () => {
  const now = 1_600_000_000_000;
  const at = (secondsAgo: number) => now / 1000 - secondsAgo;

  it('counts whole minutes under an hour, singular for one', () => {
    expect(timeAgo(at(30), now)).toBe('0 minutes');
    expect(timeAgo(at(60), now)).toBe('1 minute');
    expect(timeAgo(at(179), now)).toBe('2 minutes');
  });

  it('counts whole hours under a day', () => {
    expect(timeAgo(at(3600), now)).toBe('1 hour');
    expect(timeAgo(at(3 * 3600 + 59), now)).toBe('3 hours');
  });

  it('counts whole days after that', () => {
    expect(timeAgo(at(86400), now)).toBe('1 day');
    expect(timeAgo(String(at(5 * 86400 + 10)), now)).toBe('5 days');
  });
});

describe('formatDate and formatRecent', () => {
  const now = new Date(2018, 6, 10, 12, 0, 0);
  const iso = (d: Date) => d.toISOString();

  it('shows a server time as people read it in Beijing, whatever the browser’s zone', () => {
    // The contracts' formatter, as the server writes the same time in messages and PDFs.
    expect(formatDateTime('2026-12-23T03:05:59.000Z')).toBe('2026-12-23 11:05');
    expect(formatDate('2018-01-02T15:59:00.000Z')).toBe('2018-01-02');
    expect(formatDate('2018-01-02T16:00:00.000Z')).toBe('2018-01-03');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('says how long ago a recent time was and gives an older one as its day', () => {
    expect(formatRecent(iso(new Date(2018, 6, 10, 9, 0)), now.getTime())).toBe('3小时前');
    expect(formatRecent(iso(new Date(2018, 6, 9, 10, 0)), now.getTime())).toBe('1天前');
    expect(formatRecent('2018-06-01T00:00:00.000Z', now.getTime())).toBe('2018-06-01');
    expect(formatRecent(undefined, now.getTime())).toBe('—');
  });
});

describe("relative times on the server's clock", () => {
  afterEach(() => resetServerClock());

  it('counts from the server’s now, not the browser’s, when the server runs ahead', () => {
    const threeWeeks = 21 * 86_400_000;
    resetServerClock(threeWeeks);
    const sentJustNow = new Date(Date.now() + threeWeeks - 5000).toISOString();
    const sentThreeWeeksAgo = new Date(Date.now()).toISOString();
    expect(formatRecent(sentJustNow)).toBe('刚刚');
    expect(formatRecent(sentThreeWeeksAgo)).not.toBe('刚刚');
    // Its day in Beijing, as every date shows (after 16:00 UTC that is already tomorrow there).
    expect(formatRecent(sentThreeWeeksAgo)).toBe(formatDate(sentThreeWeeksAgo));
    expect(formatTime(Date.now())).not.toBe('刚刚');
    expect(timeAgo(Math.floor(Date.now() / 1000))).toBe('21 days');
  });
});
