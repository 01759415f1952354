import { and, eq } from 'drizzle-orm';
import { clarifications, evaluationSheets } from '../../src/db/schema/index.js';
import type { SheetReview, SheetScore } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

/**
 * Sheets and clarifications written straight into their tables, so the report tests start from
 * a scored lot (the desk's routes have their own tests).
 */

export interface SheetSpec {
  tenderId: number;
  lotId: number;
  memberId: number;
  review: { bidId: number; pass: boolean; ground?: string | null; note?: string }[];
  scores?: SheetScore[];
  submitted?: boolean;
  at?: Date;
}

/** One member's sheet of a lot (replacing any it had), submitted unless told not. */
export async function writeSheet(t: TestApp, spec: SheetSpec) {
  const { db } = t.database;
  const at = spec.at ?? new Date();
  const review: SheetReview[] = spec.review.map((r) => ({
    bidId: r.bidId,
    pass: r.pass,
    ground: r.pass ? null : (r.ground ?? 'non_responsive'),
    note: r.note ?? '',
  }));
  await db
    .delete(evaluationSheets)
    .where(
      and(eq(evaluationSheets.lotId, spec.lotId), eq(evaluationSheets.memberId, spec.memberId)),
    );
  await db.insert(evaluationSheets).values({
    tenderId: spec.tenderId,
    lotId: spec.lotId,
    memberId: spec.memberId,
    review,
    scores: spec.scores ?? [],
    savedAt: at,
    submittedAt: spec.submitted === false ? null : at,
  });
}

/** Scores of one bid on criteria 1 and 2 (COMPREHENSIVE's technical and commercial). */
export const scoresOf = (bidId: number, technical: number, commercial: number): SheetScore[] => [
  { bidId, criterionId: 1, score: technical },
  { bidId, criterionId: 2, score: commercial },
];

/** A member's written question to a bidder, answered or not. */
export async function writeClarification(
  t: TestApp,
  spec: {
    tenderId: number;
    lotId: number;
    bidId: number;
    supplierId: number;
    memberId: number;
    question: string;
    askedAt: Date;
    answerBy: Date;
    answer?: string;
  },
) {
  const [row] = await t.database.db
    .insert(clarifications)
    .values({
      tenderId: spec.tenderId,
      lotId: spec.lotId,
      bidId: spec.bidId,
      supplierId: spec.supplierId,
      memberId: spec.memberId,
      question: spec.question,
      askedAt: spec.askedAt,
      answerBy: spec.answerBy,
      answer: spec.answer ?? null,
      answeredAt: spec.answer ? spec.askedAt : null,
    })
    .returning({ id: clarifications.id });
  return row!.id;
}
