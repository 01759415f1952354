import { describe, expect, it } from 'vitest';
import { biddableTenderOf, myBidOf } from '../test-fixtures';
import { aboveCeiling, bidStateOf, mustDecrypt, quotingIsOver, showsRefusal } from './bid-state';

const NOW = Date.parse('2026-03-02T02:00:00.000Z');
const opening = {
  sealMode: 'bidder',
  status: 'opening',
  decryptUntil: '2099-01-01T00:00:00Z',
} as const;

describe('mustDecrypt', () => {
  it('asks a bidder-mode supplier to decrypt its submitted bid while the window runs', () => {
    expect(mustDecrypt(biddableTenderOf({ ...opening, myBid: myBidOf() }), NOW)).toBe(true);
  });

  it('stops asking once the bid is decrypted, and never asks in server mode', () => {
    const decrypted = myBidOf({ decryptedAt: '2026-03-02T02:05:00.000Z' });
    expect(mustDecrypt(biddableTenderOf({ ...opening, myBid: decrypted }), NOW)).toBe(false);
    expect(
      mustDecrypt(biddableTenderOf({ ...opening, sealMode: 'server', myBid: myBidOf() }), NOW),
    ).toBe(false);
    expect(mustDecrypt(biddableTenderOf({ ...opening, myBid: null }), NOW)).toBe(false);
  });

  it('stops asking when the window has ended, though the manager has not finished yet', () => {
    const ended = { ...opening, decryptUntil: '2026-03-02T01:59:59.000Z' };
    expect(mustDecrypt(biddableTenderOf({ ...ended, myBid: myBidOf() }), NOW)).toBe(false);
  });
});

describe('quotingIsOver', () => {
  it('keeps the quote button until the opening begins, then drops it for good', () => {
    for (const status of ['published', 'closed'] as const)
      expect(quotingIsOver(biddableTenderOf({ status, myBid: myBidOf() }))).toBe(false);
    for (const status of ['opening', 'opened', 'evaluating', 'awarded', 'failed'] as const)
      expect(quotingIsOver(biddableTenderOf({ status, myBid: myBidOf() }))).toBe(true);
  });
});

describe('bidStateOf', () => {
  const label = (patch: Parameters<typeof biddableTenderOf>[0]) =>
    bidStateOf(biddableTenderOf(patch), NOW);
  const opened = myBidOf({ status: 'opened', totalPrice: 1_150_000 });

  it('says 流标 with the reason, never 已开标 · 等待定标结果, for a failed tender', () => {
    const failed = label({
      status: 'failed',
      endReason: '有效投标 1 家，少于 3 家，本项目流标',
      myBid: opened,
    });
    expect(failed).toMatchObject({
      label: '流标',
      detail: '有效投标 1 家，少于 3 家，本项目流标。',
    });
    const invalid = label({
      status: 'failed',
      endReason: null,
      myBid: myBidOf({ status: 'invalid', invalidReason: '超过最高投标限价' }),
    });
    expect(invalid.label).toBe('流标');
    expect(invalid.detail).toBe('有效投标不足，本项目流标。贵公司投标无效：超过最高投标限价。');
  });

  it('says 已取消 for a cancelled tender, with or without a bid', () => {
    expect(label({ status: 'cancelled', endReason: '招标方已终止本项目：资金未落实' })).toEqual({
      label: '已取消',
      color: 'default',
      detail: '招标方已终止本项目：资金未落实',
    });
    expect(label({ status: 'cancelled', myBid: myBidOf() }).label).toBe('已取消');
  });

  it('gives the award: 中标 or 未中标', () => {
    expect(label({ status: 'awarded', myBid: myBidOf({ status: 'won' }) }).label).toBe('中标');
    expect(label({ status: 'awarded', myBid: myBidOf({ status: 'lost' }) }).label).toBe('未中标');
    expect(label({ status: 'opened', myBid: opened })).toMatchObject({
      label: '已开标',
      detail: '等待定标结果。',
    });
  });

  it('says 已截止 · 等待开标 once the deadline has passed, by status or on the clock', () => {
    expect(label({ status: 'closed', myBid: myBidOf() }).label).toBe('已截止 · 等待开标');
    const passed = { status: 'published', bidDeadline: '2026-03-02T01:59:59.000Z' } as const;
    expect(label({ ...passed, myBid: myBidOf() }).label).toBe('已截止 · 等待开标');
    expect(label({ myBid: myBidOf() }).label).toBe('已投标 第 2 版');
    expect(label({ status: 'closed' }).label).toBe('未投标');
  });
});

describe('showsRefusal', () => {
  it("warns of the company's refusal only while the tender takes bids", () => {
    const refused = { bidRefusal: '贵公司尚未通过审核，不能投标' };
    expect(showsRefusal(biddableTenderOf(refused), NOW)).toBe(true);
    for (const status of ['closed', 'opened', 'awarded', 'failed', 'cancelled'] as const)
      expect(
        showsRefusal(
          biddableTenderOf({ status, bidRefusal: '该招标项目已结束投标，不能投标' }),
          NOW,
        ),
        status,
      ).toBe(false);
    expect(showsRefusal(biddableTenderOf(), NOW)).toBe(false);
  });
});

describe('aboveCeiling', () => {
  it('flags a price above the 最高投标限价, and nothing without a ceiling', () => {
    const tender = biddableTenderOf({ priceCeiling: 3_500_000 });
    expect(aboveCeiling(tender, 3_680_000)).toBe(true);
    expect(aboveCeiling(tender, 3_500_000)).toBe(false);
    expect(aboveCeiling(tender, undefined)).toBe(false);
    expect(aboveCeiling(biddableTenderOf(), 9e9)).toBe(false);
  });
});
