import { describe, expect, it } from 'vitest';
import { collusionWarnings } from './comparison.js';

type Bid = Parameters<typeof collusionWarnings>[0][number];

const bid = (bidId: number, supplierName: string, totalPrice: number, currency = 'CNY') =>
  ({
    bidId,
    supplierId: bidId,
    supplierName,
    totalPrice,
    currency,
    ip: null,
    userAgent: null,
    files: [],
  }) as unknown as Bid;

describe('collusion warnings', () => {
  it('names a shared price as people read amounts', () => {
    const warnings = collusionWarnings([
      bid(1, '甲公司', 3_250_000),
      bid(2, '乙公司', 3_250_000),
      bid(3, '丙公司', 3_250_000, 'USD'),
    ]);
    expect(warnings).toEqual([
      {
        kind: 'same-price',
        message: '甲公司、乙公司 的投标报价完全相同（¥3,250,000.00）',
        bidIds: [1, 2],
      },
    ]);
  });
});
