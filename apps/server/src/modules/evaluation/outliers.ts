import { deskApi } from '@tender/contracts';

type Outlier = deskApi.Outlier;

/**
 * 畸高畸低 (EVALUATION.md §2, "Outliers"): a member's score on a criterion of a bid that lies
 * more than OUTLIER_SHARE of the criterion's maxScore from the mean of the OTHER members' scores
 * on it. Plain inputs, so the desk (the chair's view) and the report compute it alike.
 */

export interface OutlierSheet {
  memberId: number;
  scores: readonly { bidId: number; criterionId: number; score: number }[];
}

export interface OutlierCriterion {
  criterionId: number;
  maxScore: number;
}

/** Two decimals, as scores and means are shown. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The flagged scores, in the sheets' order and then each sheet's scores' order. A score nobody
 * else gave (or on a criterion not listed, such as price) is never flagged.
 */
export function findOutliers(
  sheets: readonly OutlierSheet[],
  criteria: readonly OutlierCriterion[],
): Outlier[] {
  const maxOf = new Map(criteria.map((c) => [c.criterionId, c.maxScore]));
  const key = (bidId: number, criterionId: number) => `${bidId}:${criterionId}`;
  // Per bid and criterion: the sum and count of every sheet's score, so "the others" is a subtraction.
  const totals = new Map<string, { sum: number; count: number }>();
  for (const sheet of sheets)
    for (const s of sheet.scores) {
      const total = totals.get(key(s.bidId, s.criterionId)) ?? { sum: 0, count: 0 };
      total.sum += s.score;
      total.count += 1;
      totals.set(key(s.bidId, s.criterionId), total);
    }
  const outliers: Outlier[] = [];
  for (const sheet of sheets)
    for (const s of sheet.scores) {
      const max = maxOf.get(s.criterionId);
      const total = totals.get(key(s.bidId, s.criterionId))!;
      if (max === undefined || total.count < 2) continue;
      const othersMean = (total.sum - s.score) / (total.count - 1);
      // Rounded off float noise: a gap of exactly 30 % (15 of 50) is not above it.
      const gap = Math.round(Math.abs(s.score - othersMean) * 1e6) / 1e6;
      if (gap > deskApi.OUTLIER_SHARE * max)
        outliers.push({
          memberId: sheet.memberId,
          bidId: s.bidId,
          criterionId: s.criterionId,
          score: s.score,
          othersMean: round2(othersMean),
        });
    }
  return outliers;
}
