import type { deskApi, RouteInput } from '@tender/contracts';
import type { Criterion, Sheet } from '../api/types';

type Review = Sheet['review'][number];
type Ground = NonNullable<Review['ground']>;

/** One bid's review while it is being filled: undecided until 通过 or 否决 is picked. */
export interface ReviewDraft {
  pass?: boolean;
  ground?: Ground | null;
  note: string;
}

/** A member's sheet as the desk edits it: reviews by bid, scores by bid and criterion. */
export interface SheetDraft {
  review: Record<number, ReviewDraft>;
  /** `${bidId}:${criterionId}` → the score; null: not given yet. */
  scores: Record<string, number | null>;
}

export const scoreKey = (bidId: number, criterionId: number) => `${bidId}:${criterionId}`;

/** The criteria a member scores by hand: the price criterion is computed by the formula. */
export const scoredCriteria = (sheet: Pick<Sheet, 'evaluation'>): Criterion[] =>
  sheet.evaluation.method === 'comprehensive'
    ? sheet.evaluation.criteria.filter((criterion) => criterion.kind !== 'price')
    : [];

/** The draft of what the server holds. */
export function draftOf(sheet: Pick<Sheet, 'review' | 'scores'>): SheetDraft {
  return {
    review: Object.fromEntries(
      sheet.review.map((r) => [r.bidId, { pass: r.pass, ground: r.ground, note: r.note }]),
    ),
    scores: Object.fromEntries(
      sheet.scores.map((s) => [scoreKey(s.bidId, s.criterionId), s.score]),
    ),
  };
}

/** Where each item of the sent arrays came from, so `scores.3.score` finds its cell. */
export interface SentOrder {
  review: number[];
  scores: string[];
}

/**
 * The save-sheet body and the order of its arrays. A rejected bid's scores are not sent (it gets
 * no score); a bid not reviewed yet is left out (the server keeps a sheet partial until submit).
 */
export function saveInputOf(
  sheet: Pick<Sheet, 'tenderId' | 'lotId' | 'bids' | 'evaluation'>,
  draft: SheetDraft,
): { input: RouteInput<typeof deskApi.saveSheet>; order: SentOrder } {
  const order: SentOrder = { review: [], scores: [] };
  const review: NonNullable<RouteInput<typeof deskApi.saveSheet>['review']> = [];
  const scores: NonNullable<RouteInput<typeof deskApi.saveSheet>['scores']> = [];
  for (const bid of sheet.bids) {
    const r = draft.review[bid.bidId];
    if (r?.pass === undefined) continue;
    order.review.push(bid.bidId);
    review.push({
      bidId: bid.bidId,
      pass: r.pass,
      ground: r.pass ? null : (r.ground ?? null),
      note: r.note,
    });
    if (!r.pass) continue;
    for (const criterion of scoredCriteria(sheet)) {
      const key = scoreKey(bid.bidId, criterion.criterionId);
      const score = draft.scores[key];
      if (score === null || score === undefined) continue;
      order.scores.push(key);
      scores.push({ bidId: bid.bidId, criterionId: criterion.criterionId, score });
    }
  }
  return { input: { tenderId: sheet.tenderId, lotId: sheet.lotId, review, scores }, order };
}

/** A cell of the desk an error or a gap belongs to. */
export type CellRef =
  | { kind: 'review'; bidId: number }
  | { kind: 'ground'; bidId: number }
  | { kind: 'note'; bidId: number }
  | { kind: 'score'; bidId: number; criterionId: number };

export const cellKey = (cell: CellRef) =>
  cell.kind === 'score' ? `score:${cell.bidId}:${cell.criterionId}` : `${cell.kind}:${cell.bidId}`;

/**
 * The cell a server field path points at (`review.2.ground`, `scores.3.score`), through the
 * order the arrays were sent in; null for a path about the whole sheet.
 */
export function cellOfPath(path: string, order: SentOrder): string | null {
  const [list, index, field] = path.split('.');
  const at = Number(index);
  if (list === 'review' && Number.isInteger(at) && order.review[at] !== undefined) {
    const bidId = order.review[at]!;
    const kind = field === 'ground' ? 'ground' : field === 'note' ? 'note' : 'review';
    return cellKey({ kind, bidId });
  }
  if (list === 'scores' && Number.isInteger(at) && order.scores[at] !== undefined) {
    const [bidId, criterionId] = order.scores[at]!.split(':').map(Number);
    return cellKey({ kind: 'score', bidId: bidId!, criterionId: criterionId! });
  }
  return null;
}
