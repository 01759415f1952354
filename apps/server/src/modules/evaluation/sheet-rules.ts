import type { evaluationApi } from '@tender/contracts';
import { Invalid } from '../../lib/errors.js';
import type { SheetReview, SheetScore } from '../../db/schema/index.js';

/**
 * What a sheet may hold (EVALUATION.md §2, "Review and scoring"), checked in one place for
 * save-sheet, and what it still lacks for submit-sheet. Errors name the field path
 * (`review.0.ground`, `scores.3.score`) so the desk marks the very cell.
 */

export interface SheetFrame {
  method: evaluationApi.EvaluationView['method'];
  /** The tender's criteria (every kind; price is computed, never scored). */
  criteria: readonly evaluationApi.Criterion[];
  /** The lot's evaluated bids. */
  bids: readonly { bidId: number; supplierName: string }[];
}

type ReviewInput = { bidId: number; pass: boolean; ground?: string | null; note?: string | null };
type ScoreInput = { bidId: number; criterionId: number; score: number };

/** The criteria a member scores: every non-price one, under 综合评估法 only. */
export const scoredCriteria = (frame: Pick<SheetFrame, 'method' | 'criteria'>) =>
  frame.method === 'comprehensive' ? frame.criteria.filter((c) => c.kind !== 'price') : [];

/** The sheet as stored, or a 400 naming the first entry that breaks a rule. */
export function checkSheet(
  input: { review: readonly ReviewInput[]; scores: readonly ScoreInput[] },
  frame: SheetFrame,
): { review: SheetReview[]; scores: SheetScore[] } {
  const bidIds = new Set(frame.bids.map((b) => b.bidId));
  const rejected = new Set<number>();
  const reviewed = new Set<number>();
  const review = input.review.map((entry, i): SheetReview => {
    const at = (field: string) => `review.${i}.${field}`;
    if (!bidIds.has(entry.bidId))
      throw new Invalid(at('bidId'), `投标 ${entry.bidId} 不是本标段的有效投标`);
    if (reviewed.has(entry.bidId))
      throw new Invalid(at('bidId'), `投标 ${entry.bidId} 的评审结论重复`);
    reviewed.add(entry.bidId);
    const ground = entry.ground ?? null;
    if (!entry.pass && !ground)
      throw new Invalid(at('ground'), '否决投标必须选择实施条例第五十一条所列的否决理由');
    if (entry.pass && ground) throw new Invalid(at('ground'), '通过的投标不能填写否决理由');
    if (!entry.pass) rejected.add(entry.bidId);
    return {
      bidId: entry.bidId,
      pass: entry.pass,
      ground,
      note: entry.note ?? '',
    };
  });

  if (frame.method === 'lowest_price' && input.scores.length)
    throw new Invalid('scores', '经评审的最低投标价法按价格排序，不评分');
  const criteria = new Map(frame.criteria.map((c) => [c.criterionId, c]));
  const scored = new Set<string>();
  const scores = input.scores.map((entry, i): SheetScore => {
    const at = (field: string) => `scores.${i}.${field}`;
    if (!bidIds.has(entry.bidId))
      throw new Invalid(at('bidId'), `投标 ${entry.bidId} 不是本标段的有效投标`);
    const criterion = criteria.get(entry.criterionId);
    if (!criterion)
      throw new Invalid(at('criterionId'), `评分项 ${entry.criterionId} 不是本招标的评分项`);
    if (criterion.kind === 'price')
      throw new Invalid(at('criterionId'), `「${criterion.name}」为价格分，按公式计算，不人工评分`);
    if (entry.score < 0) throw new Invalid(at('score'), '评分不能为负数');
    if (Math.round(entry.score * 10) !== entry.score * 10)
      throw new Invalid(at('score'), '评分最多一位小数');
    if (entry.score > criterion.maxScore)
      throw new Invalid(
        at('score'),
        `「${criterion.name}」最高 ${criterion.maxScore} 分（当前 ${entry.score}）`,
      );
    if (rejected.has(entry.bidId))
      throw new Invalid(at('bidId'), `投标 ${entry.bidId} 已被您否决，否决的投标不评分`);
    const key = `${entry.bidId}:${entry.criterionId}`;
    if (scored.has(key))
      throw new Invalid(at('criterionId'), `投标 ${entry.bidId} 的「${criterion.name}」评分重复`);
    scored.add(key);
    return { bidId: entry.bidId, criterionId: entry.criterionId, score: entry.score };
  });
  return { review, scores };
}

export interface MissingEntry {
  supplierName: string;
  /** Null: the bid's review itself is missing. */
  criterion: string | null;
}

/**
 * What a submission still lacks: a review of every bid, and under 综合评估法 a score on every
 * non-price criterion of every bid the member passed. Empty: the sheet may be submitted.
 */
export function missingEntries(
  sheet: { review: readonly SheetReview[]; scores: readonly SheetScore[] },
  frame: SheetFrame,
): MissingEntry[] {
  const missing: MissingEntry[] = [];
  const criteria = scoredCriteria(frame);
  for (const bid of frame.bids) {
    const review = sheet.review.find((r) => r.bidId === bid.bidId);
    if (!review) {
      missing.push({ supplierName: bid.supplierName, criterion: null });
      continue;
    }
    if (!review.pass) continue;
    for (const criterion of criteria)
      if (
        !sheet.scores.some((s) => s.bidId === bid.bidId && s.criterionId === criterion.criterionId)
      )
        missing.push({ supplierName: bid.supplierName, criterion: criterion.name });
  }
  return missing;
}

/** 409's message: the first gap by name, and how many there are. */
export function missingMessage(missing: readonly MissingEntry[]) {
  const first = missing[0]!;
  const what = first.criterion
    ? `${first.supplierName} 的「${first.criterion}」尚未评分`
    : `${first.supplierName} 尚未评审（通过或否决）`;
  return `评分表尚未完成，不能提交：${what}${missing.length > 1 ? `，共缺 ${missing.length} 项` : ''}`;
}
