import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { readEvaluation, type EvaluationView } from '@tender/contracts/evaluation';
import type { Tx } from '../../db/client.js';
import type { lots } from '../../db/schema/index.js';
import {
  bids,
  evaluationReports,
  openingRecords,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { Conflict } from '../../lib/errors.js';

/**
 * Where one lot's evaluation stands, asked by the desk, the report and the award alike:
 * its latest report, whether its sheets are still open, and the bids the committee evaluates.
 */

export type ReportRow = typeof evaluationReports.$inferSelect;
/** What the desk shows of the latest report. */
export type DeskReport = Pick<ReportRow, 'version' | 'status'>;
/** What the desk needs of a lot: which it is, its name and whether it failed. */
export type DeskLot = Pick<typeof lots.$inferSelect, 'id' | 'lotNo' | 'name' | 'status'>;

/** The lot's newest report version, or null before the chair first finishes. */
export async function latestReport(tx: Tx, lotId: number): Promise<ReportRow | null> {
  const [row] = await tx
    .select()
    .from(evaluationReports)
    .where(eq(evaluationReports.lotId, lotId))
    .orderBy(desc(evaluationReports.version))
    .limit(1);
  return row ?? null;
}

/** Sheets are open until the chair finishes; a returned report re-opens them. */
export const sheetsLocked = (report: Pick<ReportRow, 'status'> | null) =>
  report !== null && report.status !== 'returned';

/** The tender's evaluation settings as stored (`{}` reads as the defaults). */
export async function evaluationOf(tx: Tx, tenderId: number): Promise<EvaluationView> {
  const [row] = await tx
    .select({ evaluation: tenders.evaluation })
    .from(tenders)
    .where(eq(tenders.id, tenderId));
  return readEvaluation(row?.evaluation);
}

export const notOpened = () => new Conflict('尚未开标：开标记录生成后才能评标');

/** A lot is evaluated once the opening record exists (the bids are readable from then on). */
export async function assertOpened(tx: Tx, tenderId: number) {
  const [record] = await tx
    .select({ tenderId: openingRecords.tenderId })
    .from(openingRecords)
    .where(eq(openingRecords.tenderId, tenderId));
  if (!record) throw notOpened();
}

/**
 * The bids the committee evaluates on a lot: those the opening found valid (a later `rejected`,
 * `won` or `lost` stays one), in submission order. Never `invalid`, `withdrawn` or unopened ones.
 */
export const EVALUATED_BID_STATUSES = ['opened', 'rejected', 'won', 'lost'] as const;

export async function evaluatedBids(tx: Tx, lotId: number) {
  return tx
    .select({
      bidId: bids.id,
      supplierId: bids.supplierId,
      supplierName: suppliers.companyName,
      status: bids.status,
      totalPrice: bids.totalPrice,
      currency: bids.currency,
      deliveryDays: bids.deliveryDays,
      warrantyMonths: bids.warrantyMonths,
      remark: bids.remark,
      fileIds: bids.fileIds,
      submittedAt: bids.submittedAt,
      rejectGrounds: bids.rejectGrounds,
    })
    .from(bids)
    .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
    .where(and(eq(bids.lotId, lotId), inArray(bids.status, [...EVALUATED_BID_STATUSES])))
    .orderBy(asc(bids.submittedAt), asc(bids.id));
}
export type EvaluatedBid = Awaited<ReturnType<typeof evaluatedBids>>[number];
