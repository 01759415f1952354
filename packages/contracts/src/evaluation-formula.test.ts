import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_FORMULA,
  benchmarkPrice,
  meanScore,
  priceScores,
  rankBids,
  roundScore,
  type PriceFormula,
} from './evaluation-formula.js';

/** Every expected figure below was worked out by hand from EVALUATION.md's formulas. */
const lowest: PriceFormula = { ...DEFAULT_PRICE_FORMULA, kind: 'lowest_benchmark' };
const average = (benchmarkFactor = 0.95): PriceFormula => ({
  kind: 'average_benchmark',
  benchmarkFactor,
  deductAbove: 1.2,
  deductBelow: 0.8,
});

describe('the price score', () => {
  it('lowest_benchmark: M × B / P with B the lowest valid price', () => {
    // B = 100: 30 × 100/100, 30 × 100/125, 30 × 100/200.
    expect(priceScores([100, 125, 200], 30, lowest)).toEqual([30, 24, 15]);
    // 30 × 100/300 = 10; 30 × 100/120 = 25; 30 × 100/130 = 23.0769… → 23.08.
    expect(priceScores([120, 100, 130, 300], 30, lowest)).toEqual([25, 30, 23.08, 10]);
  });

  it('average_benchmark: B = k × the mean, deductions 1.2 above and 0.8 below', () => {
    // Mean 100, B = 95. P=90: d = 5/95, 40 × (1 − 0.8 × 0.052631…) = 38.3157… → 38.32.
    // P=100: d = 5/95 above, 40 × (1 − 1.2 × 0.052631…) = 37.4736… → 37.47.
    // P=110: d = 15/95, 40 × (1 − 1.2 × 0.157894…) = 32.4210… → 32.42.
    expect(benchmarkPrice([90, 100, 110], average())).toBeCloseTo(95, 10);
    expect(priceScores([90, 100, 110], 40, average())).toEqual([38.32, 37.47, 32.42]);
  });

  it('average_benchmark: from five valid bids the highest and the lowest leave the mean', () => {
    // Mean of 90, 100, 110 = 100 = B (k = 1). P=50: d = 0.5 below → 20 × 0.6 = 12.
    // P=300: d = 2 above → 1 − 2.4 < 0 → 0 (the floor). P=90: 20 × 0.92 = 18.4.
    // P=100: 20. P=110: 20 × 0.88 = 17.6.
    expect(benchmarkPrice([50, 90, 100, 110, 300], average(1))).toBe(100);
    expect(priceScores([50, 90, 100, 110, 300], 20, average(1))).toEqual([12, 18.4, 20, 17.6, 0]);
    // Four bids: nobody leaves the mean (50 + 90 + 100 + 300) / 4 = 135.
    expect(benchmarkPrice([50, 90, 100, 300], average(1))).toBe(135);
  });

  it('rounds half away from zero to two decimals, whatever binary fractions say', () => {
    expect(roundScore(1.005)).toBe(1.01);
    expect(roundScore(38.315789)).toBe(38.32);
    expect(roundScore(0)).toBe(0);
    expect(meanScore([8, 8.5, 9])).toBe(8.5);
    expect(meanScore([7, 8, 8])).toBe(7.67);
    expect(meanScore([])).toBe(0);
  });
});

describe('the ranking', () => {
  const at = (minute: number) => `2026-12-01T08:${String(minute).padStart(2, '0')}:00.000Z`;

  it('comprehensive: by total, ties by lower price, then by earlier submission', () => {
    const ranked = rankBids(
      [
        { bidId: 1, price: 100, total: 88.5, submittedAt: at(5) },
        { bidId: 2, price: 95, total: 90, submittedAt: at(9) },
        { bidId: 3, price: 98, total: 90, submittedAt: at(1) },
        { bidId: 4, price: 95, total: 90, submittedAt: at(3) },
      ],
      'comprehensive',
    );
    // 2 and 4 tie on total and price: 4 was submitted first. 3 has the same total, a higher price.
    expect(ranked.map((b) => [b.rank, b.bidId])).toEqual([
      [1, 4],
      [2, 2],
      [3, 3],
      [4, 1],
    ]);
  });

  it('lowest_price: by price, ties by earlier submission; totals play no part', () => {
    const ranked = rankBids(
      [
        { bidId: 1, price: 100, total: 99, submittedAt: at(1) },
        { bidId: 2, price: 90, submittedAt: at(8) },
        { bidId: 3, price: 90, submittedAt: at(2) },
      ],
      'lowest_price',
    );
    expect(ranked.map((b) => b.bidId)).toEqual([3, 2, 1]);
    expect(ranked.map((b) => b.rank)).toEqual([1, 2, 3]);
  });
});
