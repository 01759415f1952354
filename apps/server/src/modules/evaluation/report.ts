import {
  meanScore,
  priceScores,
  rankBids,
  roundScore,
  type deskApi,
  type PriceFormula,
  type reportApi,
} from '@tender/contracts';
import type { EvaluationView } from '@tender/contracts/evaluation';
import type { SheetReview, SheetScore } from '../../db/schema/index.js';
import { Conflict, Invalid } from '../../lib/errors.js';

/**
 * The report's arithmetic (EVALUATION.md §2, "The result and the report"): which bids the
 * majority rejects, whether too few stay valid, and the ranking. The formulas themselves are the
 * contracts' (evaluation-formula.ts), shared with the tender form's worked example.
 */

export interface SubmittedSheet {
  memberId: number;
  review: SheetReview[];
  scores: SheetScore[];
}

export interface BidUnderReview {
  bidId: number;
  supplierId: number;
  supplierName: string;
  price: number;
  submittedAt: string;
}

type Rejection = reportApi.EvaluationReport['rejections'][number];
type RankingRow = reportApi.ReportRanking;

/** 否决 by more than half of the active members (one sheet each), with each one's ground. */
export function rejectionsOf(bids: BidUnderReview[], sheets: SubmittedSheet[]): Rejection[] {
  return bids.flatMap((bid) => {
    const grounds = sheets.flatMap((sheet) =>
      sheet.review
        .filter((review) => review.bidId === bid.bidId && !review.pass)
        .map((review) => ({
          memberId: sheet.memberId,
          ground: review.ground as deskApi.RejectGround,
          note: review.note,
        })),
    );
    if (grounds.length * 2 <= sheets.length) return [];
    const { bidId, supplierId, supplierName } = bid;
    return [{ bidId, supplierId, supplierName, votes: grounds.length, of: sheets.length, grounds }];
  });
}

/** The R 51 grounds a rejected bid carries: each rejecting member's, once. */
export const distinctGrounds = (rejection: Rejection) => [
  ...new Set(rejection.grounds.map((g) => g.ground)),
];

export interface FinishDecision {
  insufficient?: 'fail' | 'continue';
  reason?: string;
}

/**
 * P 27: with fewer valid bids than the lot's minimum the committee must decide, with a reason,
 * to fail the lot or go on; with enough, there is nothing to decide. Nothing valid: only `fail`.
 */
export function insufficientDecision(validCount: number, minBids: number, input: FinishDecision) {
  if (validCount >= minBids) {
    if (input.insufficient !== undefined)
      throw new Invalid(
        'insufficient',
        `有效投标 ${validCount} 个，不少于该标段最少有效投标数 ${minBids}，无需作出有效投标不足的决定`,
      );
    return null;
  }
  if (input.insufficient === undefined)
    throw new Invalid(
      'insufficient',
      `有效投标仅 ${validCount} 个，少于该标段最少有效投标数 ${minBids}：请决定流标（fail）或继续评标（continue）`,
    );
  if (!input.reason)
    throw new Invalid('reason', '有效投标不足时，评标委员会的决定必须书面说明理由');
  if (validCount === 0 && input.insufficient === 'continue')
    throw new Invalid('insufficient', '没有有效投标，不能继续评标，只能决定流标（fail）');
  return { decision: input.insufficient, reason: input.reason };
}

const formulaOf = (evaluation: EvaluationView): PriceFormula => ({
  kind: evaluation.priceFormula,
  benchmarkFactor: evaluation.benchmarkFactor,
  deductAbove: evaluation.deductAbove,
  deductBelow: evaluation.deductBelow,
});

/**
 * The valid bids ranked: 综合评估法 by total (each non-price criterion the mean of the members'
 * scores, the price score by the formula over the valid prices), 最低投标价法 by price; the
 * ties as rankBids breaks them.
 */
export function rankingOf(
  valid: BidUnderReview[],
  evaluation: EvaluationView,
  sheets: SubmittedSheet[],
): RankingRow[] {
  if (evaluation.method === 'lowest_price')
    return rankBids(valid, 'lowest_price').map((bid) => ({
      ...bid,
      scores: [],
      priceScore: null,
      total: null,
    }));
  const priceCriterion = evaluation.criteria.find((c) => c.kind === 'price');
  if (!priceCriterion) throw new Conflict('评标设置缺少价格评分项，不能计算价格分');
  const prices = priceScores(
    valid.map((bid) => bid.price),
    priceCriterion.maxScore,
    formulaOf(evaluation),
  );
  const scored = valid.map((bid, index) => {
    const scores = evaluation.criteria
      .filter((c) => c.kind !== 'price')
      .map((c) => ({
        criterionId: c.criterionId,
        score: meanScore(
          sheets.flatMap((sheet) =>
            sheet.scores
              .filter((s) => s.bidId === bid.bidId && s.criterionId === c.criterionId)
              .map((s) => s.score),
          ),
        ),
      }));
    const priceScore = prices[index]!;
    const total = roundScore(scores.reduce((sum, s) => sum + s.score, 0) + priceScore);
    return { ...bid, scores, priceScore, total };
  });
  return rankBids(scored, 'comprehensive');
}
