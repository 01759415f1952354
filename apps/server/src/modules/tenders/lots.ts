import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { LOT_ID_REQUIRED, type Lot, type LotValues, type TenderStatus } from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { lots, participationLots } from '../../db/schema/index.js';
import { Invalid } from '../../lib/errors.js';
import { latestReportSql, lotStatus, type LotReport } from './status.js';

/**
 * A tender's lots (EVALUATION.md §1), read by every module that works per lot: bids, the
 * opening, the award and the announcements name a lot, and a one-lot tender may leave it out.
 */
export type LotRow = typeof lots.$inferSelect;

/** A lot row as the views read it: with its latest report's status (see lotStatus). */
export type LotViewRow = LotRow & { report: LotReport };

/** What a lot view needs of its tender: the effective status and whether a committee evaluates. */
export interface LotTender {
  status: TenderStatus;
  committee: boolean;
}

export const toLotView = (row: LotViewRow, tender: LotTender): Lot => ({
  lotId: row.id,
  lotNo: row.lotNo,
  name: row.name,
  budget: Number(row.budget),
  priceCeiling: row.priceCeiling === null ? null : Number(row.priceCeiling),
  minBids: row.minBids,
  bidBond: Number(row.bidBond),
  quantity: row.quantity,
  description: row.description,
  status: lotStatus(tender, row),
});

/** A lot as the public and bidders see it: without its minimum of valid bids. */
export const toPublicLotView = (row: LotViewRow, tender: LotTender): Omit<Lot, 'minBids'> => {
  const { minBids: _internal, ...view } = toLotView(row, tender);
  return view;
};

/**
 * A tender's lots as a column of its own row (correlated on `tenders.id`), as LotViewRow's in
 * lotNo order (numbers as text, like the table's own columns).
 */
export const lotsJsonSql = sql<
  LotViewRow[] | string
>`(select coalesce(json_agg(json_build_object('id', l.id, 'tenderId', l.tender_id, 'lotNo', l.lot_no, 'name', l.name, 'budget', l.budget::text, 'priceCeiling', l.price_ceiling::text, 'minBids', l.min_bids, 'bidBond', l.bid_bond::text, 'quantity', l.quantity, 'description', l.description, 'status', l.status, 'report', ${latestReportSql(sql.raw('l.id'))}) order by l.lot_no), '[]'::json) from lots l where l.tender_id = tenders.id)`;

/**
 * Each tender's lots in lotNo order, each with its latest report's status: one query for a
 * whole page of tenders (the report by the (lot, version) index, per lot).
 */
export async function lotViewsOfTenders(tx: Tx, tenderIds: readonly number[]) {
  return groupByTender(
    tenderIds.length
      ? await tx
          .select({ ...getTableColumns(lots), report: latestReportSql(sql.raw('lots.id')) })
          .from(lots)
          .where(inArray(lots.tenderId, [...new Set(tenderIds)]))
          .orderBy(asc(lots.tenderId), asc(lots.lotNo))
      : [],
  );
}

function groupByTender<R extends { tenderId: number }>(rows: R[]) {
  const byTender = new Map<number, R[]>();
  for (const row of rows) {
    const list = byTender.get(row.tenderId) ?? [];
    list.push(row);
    byTender.set(row.tenderId, list);
  }
  return byTender;
}

/** Each tender's lots in lotNo order (a tender without any is absent from the map). */
export async function lotsOfTenders(tx: Tx, tenderIds: readonly number[]) {
  if (tenderIds.length === 0) return new Map<number, LotRow[]>();
  const rows = await tx
    .select()
    .from(lots)
    .where(inArray(lots.tenderId, [...new Set(tenderIds)]))
    .orderBy(asc(lots.tenderId), asc(lots.lotNo));
  return groupByTender(rows);
}

export async function lotsOfTender(tx: Tx, tenderId: number): Promise<LotRow[]> {
  return (await lotsOfTenders(tx, [tenderId])).get(tenderId) ?? [];
}

/**
 * The lot a call names, or a one-lot tender's one lot when it names none. A tender of several
 * lots without `lotId`, or a lot of another tender, is refused naming the field.
 */
export function pickLot(
  tenderLots: readonly LotRow[],
  lotId: number | undefined,
  field = 'lotId',
): LotRow {
  if (lotId === undefined) {
    if (tenderLots.length === 1) return tenderLots[0]!;
    throw new Invalid(field, LOT_ID_REQUIRED);
  }
  const lot = tenderLots.find((candidate) => candidate.id === lotId);
  if (!lot) throw new Invalid(field, `标段 ${lotId} 不属于该招标`);
  return lot;
}

export async function resolveLot(tx: Tx, tenderId: number, lotId?: number): Promise<LotRow> {
  return pickLot(await lotsOfTender(tx, tenderId), lotId);
}

/** The lots a supplier signed up for on a tender, in lotNo order. */
export async function signedUpLotIds(tx: Tx, tenderId: number, supplierId: number) {
  const rows = await tx
    .select({ lotId: participationLots.lotId })
    .from(participationLots)
    .innerJoin(lots, eq(lots.id, participationLots.lotId))
    .where(
      and(eq(participationLots.tenderId, tenderId), eq(participationLots.supplierId, supplierId)),
    )
    .orderBy(asc(lots.lotNo));
  return rows.map((row) => row.lotId);
}

/** The one lot of a tender saved without `lots`: its own budget, ceiling and minimum bids. */
export interface SingleLotFields {
  name: string;
  budget: string;
  priceCeiling: string | null;
  minBids: number;
}

/**
 * A draft's lots as sent (`lotValues`, numbered and checked), or, when none are sent, its one
 * lot kept in step with the tender's own fields. Lots named by `lotId` keep their id; those left
 * out are removed (a draft has no bids or sign-ups yet).
 */
export async function saveDraftLots(
  tx: Tx,
  tenderId: number,
  lotValues: readonly (LotValues & { lotNo: number })[] | undefined,
  single: SingleLotFields,
  now: Date,
) {
  const existing = await lotsOfTender(tx, tenderId);
  const wanted =
    lotValues ??
    (existing.length > 1
      ? undefined
      : [
          {
            lotId: existing[0]?.id,
            lotNo: 1,
            name: single.name,
            budget: Number(single.budget),
            priceCeiling: single.priceCeiling === null ? null : Number(single.priceCeiling),
            minBids: single.minBids,
            bidBond: existing[0] ? Number(existing[0].bidBond) : 0,
            quantity: existing[0]?.quantity ?? null,
            description: existing[0]?.description ?? '',
          },
        ]);
  if (!wanted) return existing;
  const kept = new Set(existing.map((lot) => lot.id));
  for (const lot of wanted)
    if (lot.lotId !== undefined && !kept.has(lot.lotId))
      throw new Invalid('lots', `标段 ${lot.lotId} 不属于该招标`);
  const keptIds = wanted.flatMap((lot) => (lot.lotId === undefined ? [] : [lot.lotId]));
  const removed = existing.filter((lot) => !keptIds.includes(lot.id)).map((lot) => lot.id);
  if (removed.length) await tx.delete(lots).where(inArray(lots.id, removed));
  // Numbers move through negatives so that a reorder never meets the (tender, lotNo) index.
  for (const lot of wanted)
    if (lot.lotId !== undefined)
      await tx.update(lots).set({ lotNo: -lot.lotNo }).where(eq(lots.id, lot.lotId));
  for (const lot of wanted) {
    const values = {
      lotNo: lot.lotNo,
      name: lot.name,
      budget: lot.budget.toFixed(2),
      priceCeiling: lot.priceCeiling == null ? null : lot.priceCeiling.toFixed(2),
      minBids: lot.minBids,
      bidBond: lot.bidBond.toFixed(2),
      quantity: lot.quantity ?? null,
      description: lot.description,
      updatedAt: now,
    };
    if (lot.lotId !== undefined) await tx.update(lots).set(values).where(eq(lots.id, lot.lotId));
    else await tx.insert(lots).values({ ...values, tenderId, createdAt: now });
  }
  return lotsOfTender(tx, tenderId);
}

/** Signs a supplier up for these lots (every lot when none are named); adding never removes. */
export async function addSignedUpLots(
  tx: Tx,
  tenderId: number,
  supplierId: number,
  lotIds: readonly number[] | undefined,
  now: Date,
) {
  const tenderLots = await lotsOfTender(tx, tenderId);
  const chosen = lotIds ? lotIds.map((lotId) => pickLot(tenderLots, lotId, 'lotIds')) : tenderLots;
  if (chosen.length)
    await tx
      .insert(participationLots)
      .values(chosen.map((lot) => ({ tenderId, supplierId, lotId: lot.id, createdAt: now })))
      .onConflictDoNothing();
  return signedUpLotIds(tx, tenderId, supplierId);
}
