import { deskApi, roundScore } from '@tender/contracts';

/**
 * 畸高畸低 (EVALUATION.md §2, "Outliers"): a member's score on a criterion that differs from the
 * OTHER members' mean on that bid and criterion by more than OUTLIER_SHARE of its maxScore.
 */
export function findOutliers(
  sheets: { memberId: number; scores: { bidId: number; criterionId: number; score: number }[] }[],
  criteria: { criterionId: number; maxScore: number }[],
): { memberId: number; bidId: number; criterionId: number; score: number; othersMean: number }[] {
  const maxOf = new Map(criteria.map((c) => [c.criterionId, c.maxScore]));
  const flagged = [];
  for (const sheet of sheets)
    for (const { bidId, criterionId, score } of sheet.scores) {
      const maxScore = maxOf.get(criterionId);
      if (maxScore === undefined) continue;
      const others = sheets
        .filter((other) => other.memberId !== sheet.memberId)
        .flatMap((other) =>
          other.scores.filter((s) => s.bidId === bidId && s.criterionId === criterionId),
        )
        .map((s) => s.score);
      if (others.length === 0) continue;
      const othersMean = others.reduce((sum, s) => sum + s, 0) / others.length;
      if (Math.abs(score - othersMean) > deskApi.OUTLIER_SHARE * maxScore)
        flagged.push({
          memberId: sheet.memberId,
          bidId,
          criterionId,
          score,
          othersMean: roundScore(othersMean),
        });
    }
  return flagged;
}
