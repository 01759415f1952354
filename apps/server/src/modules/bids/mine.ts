import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BiddableTender, MyBid, PublicTender, Receipt } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import {
  amendments,
  bidRevisions,
  bids,
  files,
  participations,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { effectiveSupplierStatus, supplierBlockReason } from '../../lib/supplier-status.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isEnvelope, masterKeyOf, unsealContent } from './common.js';
import { tenderBidRefusal } from './submit.js';

type TenderRow = typeof tenders.$inferSelect;
type BidRow = typeof bids.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function publicTenderOf(t: TenderRow, amendmentCount: number, now: Date): PublicTender {
  const closed = t.status === 'published' && now.getTime() >= t.bidDeadline.getTime();
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
    status: closed ? 'closed' : t.status,
    publishedAt: iso(t.publishedAt),
    amendmentCount,
  };
}

/**
 * The company's own bids as its own users see them: the sealed terms are unsealed for them
 * (they wrote them), with every revision's receipt and the attachments' names.
 */
async function ownBids(deps: AppDeps, rows: BidRow[]): Promise<Map<number, MyBid>> {
  const { db } = deps;
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Map();
  const key = masterKeyOf(deps);
  const revisions = await db
    .select()
    .from(bidRevisions)
    .where(inArray(bidRevisions.bidId, ids))
    .orderBy(asc(bidRevisions.revision));
  const fileRows = await db
    .select({ id: files.id, name: files.name, ownerId: files.ownerId })
    .from(files)
    .where(and(eq(files.ownerType, 'bid'), inArray(files.ownerId, ids)))
    .orderBy(asc(files.id));
  const result = new Map<number, MyBid>();
  for (const bid of rows) {
    let terms: Pick<
      MyBid,
      'totalPrice' | 'currency' | 'deliveryDays' | 'warrantyMonths' | 'remark'
    > = {
      totalPrice: bid.totalPrice === null ? null : Number(bid.totalPrice),
      currency: bid.currency,
      deliveryDays: bid.deliveryDays,
      warrantyMonths: bid.warrantyMonths,
      remark: bid.remark,
    };
    const content =
      bid.status === 'submitted' && bid.sealed
        ? unsealContent(key, bid.sealed, bid.tenderId, bid.supplierId, bid.revision)
        : null;
    // A bidder's envelope is unreadable here too, until its bidder decrypts it at the opening.
    if (content && !isEnvelope(content)) {
      terms = {
        totalPrice: Number(content.totalPrice),
        currency: content.currency,
        deliveryDays: content.deliveryDays,
        warrantyMonths: content.warrantyMonths,
        remark: content.remark,
      };
    }
    result.set(bid.id, {
      bidId: bid.id,
      tenderId: bid.tenderId,
      revision: bid.revision,
      status: bid.status,
      submittedAt: bid.submittedAt.toISOString(),
      digest: bid.digest,
      needsReconfirm: bid.needsReconfirm,
      invalidReason: bid.invalidReason,
      decryptedAt: iso(bid.decryptedAt),
      ...terms,
      files:
        bid.status === 'withdrawn'
          ? []
          : fileRows.filter((f) => f.ownerId === bid.id).map((f) => ({ id: f.id, name: f.name })),
      revisions: revisions
        .filter((r) => r.bidId === bid.id)
        .map((r): Receipt => ({
          bidId: r.bidId,
          tenderId: bid.tenderId,
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

/** 投标报价: the tenders the caller's company signed up for, with its own bid on each. */
export async function listBiddableTenders(deps: AppDeps, query: PageQuery, user: AuthUser) {
  const { db } = deps;
  const now = deps.clock.now();
  if (user.supplierId === null) return pageOf<BiddableTender>([], 0, query);
  const supplierId = user.supplierId;
  const where = and(eq(participations.supplierId, supplierId), ne(tenders.status, 'draft'));
  const [total] = await db
    .select({ n: count() })
    .from(participations)
    .innerJoin(tenders, eq(tenders.id, participations.tenderId))
    .where(where);
  const rows = await db
    .select({ tender: tenders, signedUpAt: participations.createdAt })
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
  const [supplier] = await db
    .select({ status: suppliers.status, blacklistUntil: suppliers.blacklistUntil })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  const companyRefusal = supplier
    ? supplierBlockReason(effectiveSupplierStatus(supplier, now), supplier.blacklistUntil)
    : '当前账号不属于任何供应商，不能投标';

  const list = rows.map(({ tender, signedUpAt }): BiddableTender => {
    const bid = bidRows.find((b) => b.tenderId === tender.id);
    return {
      ...publicTenderOf(tender, counts.get(tender.id) ?? 0, now),
      signedUpAt: signedUpAt.toISOString(),
      myBid: bid ? mine.get(bid.id)! : null,
      bidRefusal: tenderBidRefusal(tender, now) ?? companyRefusal,
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
