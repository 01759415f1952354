import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BiddableTender, MyBid, PublicTender, Receipt } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import {
  amendments,
  bidRevisions,
  bids,
  files,
  openingRecords,
  participationLots,
  participations,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { effectiveSupplierStatus, supplierBlockReason } from '../../lib/supplier-status.js';
import type { AuthUser } from '../../plugins/auth.js';
import { bidFileSize } from './files.js';
import { tenderBidRefusal } from './submit.js';
import { lotViewsOfTenders, toPublicLotView } from '../tenders/lots.js';
import { effectiveTenderStatus, evaluatingSql } from '../tenders/status.js';
import { readEvaluation } from '@tender/contracts/evaluation';

type TenderRow = typeof tenders.$inferSelect;
type BidRow = typeof bids.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function publicTenderOf(
  t: TenderRow & { evaluating: boolean },
  amendmentCount: number,
  now: Date,
  lotCount: number,
): PublicTender {
  return {
    id: t.id,
    tenderNo: t.tenderNo,
    title: t.title,
    category: t.category,
    procurementMethod: t.procurementMethod,
    budget: Number(t.budget),
    currency: t.currency,
    region: t.region,
    description: t.description,
    contact: t.contact,
    contactPhone: t.contactPhone,
    mandatory: t.mandatory,
    docsFrom: iso(t.docsFrom),
    docsUntil: iso(t.docsUntil),
    bidValidityDays: t.bidValidityDays,
    bidDeadline: t.bidDeadline.toISOString(),
    openingAt: t.openingAt.toISOString(),
    priceCeiling: t.priceCeiling === null ? null : Number(t.priceCeiling),
    sealMode: t.sealMode,
    decryptUntil: t.status === 'opening' ? iso(t.decryptUntil) : null,
    status: effectiveTenderStatus(t, now),
    publishedAt: iso(t.publishedAt),
    amendmentCount,
    lotCount,
  };
}

/**
 * The company's own bids as its own users see them. Sealed for them too (PRODUCT.md, Bid
 * rules): nothing here unseals a bid, so before the opening they get the receipts of every
 * revision and the attachments' names and sizes, never a term; any account linked to the
 * company, or one whose password was reset, reads no more. The opening fills the plain
 * columns: afterwards the terms as opened.
 */
async function ownBids(deps: AppDeps, rows: BidRow[]): Promise<Map<number, MyBid>> {
  const { db } = deps;
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Map();
  const revisions = await db
    .select()
    .from(bidRevisions)
    .where(inArray(bidRevisions.bidId, ids))
    .orderBy(asc(bidRevisions.revision));
  const fileRows = await db
    .select({
      id: files.id,
      name: files.name,
      size: files.size,
      sealedFacts: files.sealedFacts,
      ownerId: files.ownerId,
    })
    .from(files)
    .where(and(eq(files.ownerType, 'bid'), inArray(files.ownerId, ids)))
    .orderBy(asc(files.id));
  const result = new Map<number, MyBid>();
  for (const bid of rows) {
    const opened = bid.openedAt !== null;
    result.set(bid.id, {
      bidId: bid.id,
      tenderId: bid.tenderId,
      lotId: bid.lotId,
      revision: bid.revision,
      status: bid.status,
      submittedAt: bid.submittedAt.toISOString(),
      digest: bid.digest,
      needsReconfirm: bid.needsReconfirm,
      invalidReason: bid.invalidReason,
      decryptedAt: iso(bid.decryptedAt),
      totalPrice: opened && bid.totalPrice !== null ? Number(bid.totalPrice) : null,
      currency: opened ? bid.currency : null,
      deliveryDays: opened ? bid.deliveryDays : null,
      warrantyMonths: opened ? bid.warrantyMonths : null,
      remark: opened ? bid.remark : null,
      files:
        bid.status === 'withdrawn'
          ? []
          : fileRows
              .filter((f) => f.ownerId === bid.id)
              .map((f) => ({
                id: f.id,
                name: f.name,
                size: opened ? f.size : bidFileSize(deps, f),
              })),
      fileIds: opened ? (bid.fileIds ?? []) : null,
      revisions: revisions
        .filter((r) => r.bidId === bid.id)
        .map((r): Receipt => ({
          bidId: r.bidId,
          tenderId: bid.tenderId,
          lotId: bid.lotId,
          revision: r.revision,
          action: r.action,
          submittedAt: r.createdAt.toISOString(),
          digest: r.digest,
        })),
    });
  }
  return result;
}

const amendmentCounts = async (deps: AppDeps, tenderIds: number[]) => {
  if (!tenderIds.length) return new Map<number, number>();
  const rows = await deps.db
    .select({ tenderId: amendments.tenderId, n: count() })
    .from(amendments)
    .where(inArray(amendments.tenderId, tenderIds))
    .groupBy(amendments.tenderId);
  return new Map(rows.map((r) => [r.tenderId, r.n]));
};

/**
 * Why a tender ended without an award, as its bidder reads it: the cancel reason, or why it
 * failed — with the counts only for a company whose bid took part (they are in the opening
 * record it reads; one that only signed up learns no count).
 */
async function endReasons(
  deps: AppDeps,
  rows: TenderRow[],
  took: (id: number) => boolean,
  lotCount: (id: number) => number,
) {
  const failed = rows.filter((t) => t.status === 'failed').map((t) => t.id);
  const records = failed.length
    ? await deps.db
        .select({ tenderId: openingRecords.tenderId, validCount: openingRecords.validCount })
        .from(openingRecords)
        .where(inArray(openingRecords.tenderId, failed))
    : [];
  return (tender: TenderRow): string | null => {
    if (tender.status === 'cancelled')
      return tender.cancelReason
        ? `招标方已终止本项目：${tender.cancelReason}`
        : '招标方已终止本项目';
    if (tender.status !== 'failed') return null;
    const record = records.find((r) => r.tenderId === tender.id);
    if (!record || !took(tender.id)) return '有效投标不足，本项目流标';
    // Several lots: each failed on its own count (lots[].status; the opening record has them).
    if (lotCount(tender.id) > 1) return '各标段有效投标均不足，本项目流标';
    return `有效投标 ${record.validCount} 家，少于 ${tender.minBids} 家，本项目流标`;
  };
}

/**
 * 投标报价: the tenders the caller's company signed up for, with every lot, the lots it signed
 * up for and its own bid on each (lot order); `myBid` is the bid on the first lot it signed up
 * for, a one-lot tender's one bid. With `tenderId`, that one only (a notification's link).
 */
export async function listBiddableTenders(
  deps: AppDeps,
  query: PageQuery & { tenderId?: number },
  user: AuthUser,
) {
  const { db } = deps;
  const now = deps.clock.now();
  if (user.supplierId === null) return pageOf<BiddableTender>([], 0, query);
  const supplierId = user.supplierId;
  const where = and(
    eq(participations.supplierId, supplierId),
    ne(tenders.status, 'draft'),
    query.tenderId === undefined ? undefined : eq(tenders.id, query.tenderId),
  );
  const [total] = await db
    .select({ n: count() })
    .from(participations)
    .innerJoin(tenders, eq(tenders.id, participations.tenderId))
    .where(where);
  const rows = await db
    .select({ tender: tenders, evaluating: evaluatingSql, signedUpAt: participations.createdAt })
    .from(participations)
    .innerJoin(tenders, eq(tenders.id, participations.tenderId))
    .where(where)
    // Open tenders first, the nearest deadline on top; then the rest, newest first.
    .orderBy(
      sql`(${tenders.status} = 'published' and ${tenders.bidDeadline} > ${now.toISOString()}::timestamptz) desc`,
      asc(tenders.bidDeadline),
      desc(tenders.id),
    )
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const tenderIds = rows.map((r) => r.tender.id);
  const bidRows = tenderIds.length
    ? await db
        .select()
        .from(bids)
        .where(and(eq(bids.supplierId, supplierId), inArray(bids.tenderId, tenderIds)))
    : [];
  const mine = await ownBids(deps, bidRows);
  const counts = await amendmentCounts(deps, tenderIds);
  const lotsByTender = await lotViewsOfTenders(db, tenderIds);
  const signedUpRows = tenderIds.length
    ? await db
        .select({ tenderId: participationLots.tenderId, lotId: participationLots.lotId })
        .from(participationLots)
        .where(
          and(
            eq(participationLots.supplierId, supplierId),
            inArray(participationLots.tenderId, tenderIds),
          ),
        )
    : [];
  const [supplier] = await db
    .select({ status: suppliers.status, blacklistUntil: suppliers.blacklistUntil })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  const companyRefusal = supplier
    ? supplierBlockReason(effectiveSupplierStatus(supplier, now), supplier.blacklistUntil)
    : '当前账号不属于任何供应商，不能投标';

  const lotsOf = (tenderId: number) => lotsByTender.get(tenderId) ?? [];
  const endReason = await endReasons(
    deps,
    rows.map((r) => r.tender),
    (id) => bidRows.some((b) => b.tenderId === id && b.status !== 'withdrawn'),
    (id) => lotsOf(id).length,
  );

  const list = rows.map(({ tender: row, evaluating, signedUpAt }): BiddableTender => {
    const tender = { ...row, evaluating };
    const tenderLots = lotsOf(tender.id);
    const status = effectiveTenderStatus(tender, now);
    const lotTender = { status, committee: readEvaluation(tender.evaluation).committee };
    // Lot order, as every list of this tender's lots.
    const signedUp = tenderLots
      .filter((lot) => signedUpRows.some((r) => r.lotId === lot.id))
      .map((lot) => lot.id);
    const myBids = tenderLots.flatMap((lot) => {
      const bid = bidRows.find((b) => b.lotId === lot.id);
      return bid ? [mine.get(bid.id)!] : [];
    });
    const first = signedUp[0];
    return {
      ...publicTenderOf(tender, counts.get(tender.id) ?? 0, now, tenderLots.length),
      signedUpAt: signedUpAt.toISOString(),
      lots: tenderLots.map((lot) => toPublicLotView(lot, lotTender)),
      signedUpLotIds: signedUp,
      myBids,
      myBid: myBids.find((bid) => bid.lotId === first) ?? null,
      bidRefusal: tenderBidRefusal(tender, now) ?? companyRefusal,
      endReason: endReason(tender),
    };
  });
  return pageOf(list, total!.n, query);
}

/** 我的投标: the company's bids, newest first, each with its revisions and its result. */
export async function listMyBids(deps: AppDeps, query: PageQuery, user: AuthUser) {
  const { db } = deps;
  if (user.supplierId === null) return pageOf([], 0, query);
  const where = eq(bids.supplierId, user.supplierId);
  const [total] = await db.select({ n: count() }).from(bids).where(where);
  const rows = await db
    .select({ bid: bids, tenderNo: tenders.tenderNo, tenderTitle: tenders.title })
    .from(bids)
    .innerJoin(tenders, eq(tenders.id, bids.tenderId))
    .where(where)
    .orderBy(desc(bids.submittedAt), desc(bids.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const mine = await ownBids(
    deps,
    rows.map((r) => r.bid),
  );
  const list = rows.map((r) => ({
    ...mine.get(r.bid.id)!,
    tenderNo: r.tenderNo,
    tenderTitle: r.tenderTitle,
  }));
  return pageOf(list, total!.n, query);
}
