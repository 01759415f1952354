import type { DeskBid, Sheet } from '../api/types';
import { cellKey, scoreKey, scoredCriteria, type SheetDraft } from './sheet-draft';

/** One thing a sheet still lacks before it can be submitted, at its cell. */
export interface SheetGap {
  cell: string;
  message: string;
}

/**
 * What keeps a sheet from being submitted, by the server's rule (submit-sheet answers 409 with
 * the same): every valid bid reviewed, a ground for every 否决, and under 综合评估法 every passed
 * bid scored on every criterion but price (the formula scores price).
 */
export function sheetGaps(
  sheet: Pick<Sheet, 'bids' | 'evaluation'>,
  draft: SheetDraft,
): SheetGap[] {
  const gaps: SheetGap[] = [];
  const criteria = scoredCriteria(sheet);
  const named = (bid: DeskBid) => `「${bid.supplierName}」`;
  for (const bid of sheet.bids) {
    const review = draft.review[bid.bidId];
    if (review?.pass === undefined) {
      gaps.push({
        cell: cellKey({ kind: 'review', bidId: bid.bidId }),
        message: `${named(bid)}未评审（通过或否决）`,
      });
      continue;
    }
    if (!review.pass) {
      if (!review.ground)
        gaps.push({
          cell: cellKey({ kind: 'ground', bidId: bid.bidId }),
          message: `${named(bid)}已否决，请选择否决理由`,
        });
      continue;
    }
    for (const criterion of criteria) {
      const score = draft.scores[scoreKey(bid.bidId, criterion.criterionId)];
      if (score === null || score === undefined)
        gaps.push({
          cell: cellKey({ kind: 'score', bidId: bid.bidId, criterionId: criterion.criterionId }),
          message: `${named(bid)}未评分：${criterion.name}`,
        });
    }
  }
  return gaps;
}
