/**
 * The evaluation's arithmetic (EVALUATION.md §2, "How a tender is evaluated" and "The result"):
 * the price score of 综合评估法 by either benchmark formula, and the ranking with its ties. One
 * implementation for the server, which computes the report, and the tender form, which shows a
 * worked example as the manager sets the formula.
 */

export const PRICE_FORMULAS = ['lowest_benchmark', 'average_benchmark'] as const;
export type PriceFormulaKind = (typeof PRICE_FORMULAS)[number];

export const EVALUATION_METHODS = ['lowest_price', 'comprehensive'] as const;
export type EvaluationMethod = (typeof EVALUATION_METHODS)[number];

export interface PriceFormula {
  kind: PriceFormulaKind;
  /** average_benchmark: B = k × the mean of the valid prices, k in 0.90–1.00. */
  benchmarkFactor: number;
  /** average_benchmark: the deduction per unit of deviation above B. */
  deductAbove: number;
  /** average_benchmark: the deduction per unit of deviation below B. */
  deductBelow: number;
}

export const DEFAULT_PRICE_FORMULA: PriceFormula = {
  kind: 'lowest_benchmark',
  benchmarkFactor: 0.95,
  deductAbove: 1.2,
  deductBelow: 0.8,
};

/** With this many valid bids or more, the highest and the lowest price leave the mean. */
export const TRIMMED_MEAN_FROM = 5;

/** Scores are kept to 2 decimals, half away from zero (EPSILON: 1.005 is 1.01, not 1.00). */
export const roundScore = (value: number) =>
  Math.sign(value) * (Math.round((Math.abs(value) + Number.EPSILON) * 100) / 100);

/** B: the lowest valid price, or k × the (trimmed, from five bids) mean of the valid prices. */
export function benchmarkPrice(validPrices: readonly number[], formula: PriceFormula): number {
  if (validPrices.length === 0) throw new Error('no valid price to benchmark against');
  if (formula.kind === 'lowest_benchmark') return Math.min(...validPrices);
  const sorted = [...validPrices].sort((a, b) => a - b);
  const counted = sorted.length >= TRIMMED_MEAN_FROM ? sorted.slice(1, -1) : sorted;
  const mean = counted.reduce((sum, price) => sum + price, 0) / counted.length;
  return formula.benchmarkFactor * mean;
}

/**
 * A valid bid's price score out of M, the price criterion's maxScore:
 * lowest_benchmark M × B / P; average_benchmark max(0, M × (1 − e × |P − B| / B)), e the
 * deduction above or below B.
 */
export function priceScore(
  price: number,
  benchmark: number,
  maxScore: number,
  formula: PriceFormula,
): number {
  if (formula.kind === 'lowest_benchmark') return roundScore((maxScore * benchmark) / price);
  const deviation = Math.abs(price - benchmark) / benchmark;
  const deduction = price > benchmark ? formula.deductAbove : formula.deductBelow;
  return roundScore(Math.max(0, maxScore * (1 - deduction * deviation)));
}

/** Every valid bid's price score, in the order of `validPrices`. */
export function priceScores(
  validPrices: readonly number[],
  maxScore: number,
  formula: PriceFormula,
): number[] {
  if (validPrices.length === 0) return [];
  const benchmark = benchmarkPrice(validPrices, formula);
  return validPrices.map((price) => priceScore(price, benchmark, maxScore, formula));
}

/** The mean of the members' scores on one criterion, to 2 decimals. */
export const meanScore = (scores: readonly number[]) =>
  scores.length === 0 ? 0 : roundScore(scores.reduce((sum, s) => sum + s, 0) / scores.length);

export interface RankableBid {
  bidId: number;
  price: number;
  /** When the ranked version was submitted (ISO time or epoch ms): the last tie-break. */
  submittedAt: string | number;
  /** comprehensive: the total score; lowest_price: not used. */
  total?: number;
}

const timeOf = (at: string | number) => (typeof at === 'number' ? at : Date.parse(at));

/**
 * The ranking, first first, each with its rank: comprehensive by total (highest first), ties by
 * lower price, then earlier submission; lowest_price by price (lowest first), ties by earlier
 * submission. Ranks are 1…n without shared places: the ties are broken, never left.
 */
export function rankBids<T extends RankableBid>(
  bids: readonly T[],
  method: EvaluationMethod,
): (T & { rank: number })[] {
  const byTotal = (a: T, b: T) =>
    method === 'comprehensive' ? (b.total ?? 0) - (a.total ?? 0) : 0;
  return [...bids]
    .sort(
      (a, b) => byTotal(a, b) || a.price - b.price || timeOf(a.submittedAt) - timeOf(b.submittedAt),
    )
    .map((bid, index) => ({ ...bid, rank: index + 1 }));
}
