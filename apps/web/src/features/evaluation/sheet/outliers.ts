import type { Outlier } from '../api/types';

/** `${memberId}:${bidId}:${criterionId}`: one member's score on one bid and criterion. */
export const outlierKey = (memberId: number, bidId: number, criterionId: number) =>
  `${memberId}:${bidId}:${criterionId}`;

/** The flagged cells the chair sees, each with the others' mean for its tooltip. */
export function outlierCells(outliers: readonly Outlier[] | null | undefined) {
  return new Map(
    (outliers ?? []).map((o) => [outlierKey(o.memberId, o.bidId, o.criterionId), o] as const),
  );
}

/** The members with at least one flagged score: the chair may re-open their sheets. */
export const flaggedMembers = (outliers: readonly Outlier[] | null | undefined) =>
  new Set((outliers ?? []).map((o) => o.memberId));

/** "其他委员平均 12.3 分" for the cell's tooltip. */
export const outlierHint = (o: Outlier) =>
  `偏离其他委员平均分：本项 ${o.score} 分，其他委员平均 ${Math.round(o.othersMean * 100) / 100} 分`;
