import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bidApi, deskApi, type evaluationApi } from '@tender/contracts';
import { evaluationReports, tenders } from '../../src/db/schema/index.js';
import type { TestApp, TestClock } from './app.js';
import { manyBidders, pdfWith, uploadFile } from './bids.js';
import { createLotTender, signUpForLots, type LotSpec } from './opening-lots.js';
import { COMPREHENSIVE, openedCommitteeTender, seatCommittee } from './evaluation.js';

/** Fixtures of the desk tests: a seated committee on an opened lot, and sheets to fill. */

export const ONE_LOT: LotSpec[] = [{ name: '储能变流器', budget: '1000000.00', minBids: 3 }];

/** An opened comprehensive one-lot tender of three bids with five pledged members. */
export async function deskOf(
  t: TestApp,
  clock: TestClock,
  options: {
    prices?: (number | null)[][];
    lots?: LotSpec[];
    evaluation?: evaluationApi.EvaluationView;
    pledged?: boolean;
  } = {},
) {
  const opened = await openedCommitteeTender(
    t,
    clock,
    options.lots ?? ONE_LOT,
    options.prices ?? [[900_000, 950_000, 980_000]],
    options.evaluation ?? COMPREHENSIVE,
  );
  const seated = await seatCommittee(t, opened.tenderId, clock.now(), {
    pledged: options.pledged,
  });
  return { ...opened, ...seated, chair: seated.members[0]!, lotId: opened.lotIds[0]! };
}

/** Every bid passed, technical and commercial scored (criteria 1 and 2 of COMPREHENSIVE). */
export const fullSheet = (bidIds: number[], technical = 40, commercial = 15) => ({
  review: bidIds.map((bidId) => ({ bidId, pass: true, ground: null, note: '' })),
  scores: bidIds.flatMap((bidId) => [
    { bidId, criterionId: 1, score: technical },
    { bidId, criterionId: 2, score: commercial },
  ]),
});

/** Saves then submits a sheet; throws unless both succeed. */
export async function submitFull(
  t: TestApp,
  token: string,
  tenderId: number,
  sheet: ReturnType<typeof fullSheet>,
) {
  const saved = await t.call(deskApi.saveSheet, { tenderId, ...sheet }, token);
  if (saved.status !== 200) throw new Error(`save-sheet: ${JSON.stringify(saved.body)}`);
  const submitted = await t.call(deskApi.submitSheet, { tenderId }, token);
  if (submitted.status !== 200) throw new Error(`submit-sheet: ${JSON.stringify(submitted.body)}`);
  return submitted.body.data as deskApi.Sheet;
}

/** A report version written directly (the chair's finish has its own tests). */
export async function writeReport(
  t: TestApp,
  tenderId: number,
  lotId: number,
  now: Date,
  status: 'signing' | 'final' | 'returned' = 'signing',
  version = 1,
) {
  const [row] = await t.database.db
    .insert(evaluationReports)
    .values({
      tenderId,
      lotId,
      version,
      status,
      outcome: 'ranked',
      content: {},
      digest: '0'.repeat(64),
      createdAt: now,
      createdBy: 1,
    })
    .returning({ id: evaluationReports.id });
  return row!.id;
}

/**
 * A committee tender whose bids are in but not opened (its deadline an hour ahead): what an
 * expert seated early must not read. Answers the prices as submitted.
 */
export async function sealedCommitteeTender(
  t: TestApp,
  clock: TestClock,
  prices: number[],
  options: { withFile?: boolean } = {},
) {
  const { tenderId, lotIds } = await createLotTender(t, clock.now(), ONE_LOT, { mandatory: true });
  await t.database.db
    .update(tenders)
    .set({ evaluation: COMPREHENSIVE })
    .where(eq(tenders.id, tenderId));
  const bidders = await manyBidders(t, prices.length, `封${randomBytes(3).toString('hex')}`);
  for (const [b, bidder] of bidders.entries()) {
    await signUpForLots(t, tenderId, bidder.supplierId, lotIds);
    const fileIds: number[] = [];
    if (options.withFile) {
      const upload = await uploadFile(t, bidder.token, `技术标${b}.pdf`, pdfWith(`bid${b}`), 'bid');
      fileIds.push(upload.body.data.id as number);
    }
    const reply = await t.call(
      bidApi.submitBid,
      {
        tenderId,
        totalPrice: prices[b],
        currency: 'CNY',
        deliveryDays: 30,
        warrantyMonths: 24,
        fileIds,
      },
      bidder.token,
    );
    if (reply.status !== 200) throw new Error(`submit-bid: ${JSON.stringify(reply.body)}`);
  }
  return { tenderId, lotId: lotIds[0]!, bidders };
}
