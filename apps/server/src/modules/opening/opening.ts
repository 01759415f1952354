import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  amountInWords,
  formatDateTime,
  tenderApi,
  type OpeningCeremony,
  type OpeningConfirmation,
  type OpeningEntry,
  type OpeningLotSection,
  type OpeningRecord,
} from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  bids,
  lots,
  openingConfirmations,
  openingRecords,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict } from '../../lib/errors.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import {
  isEnvelope,
  masterKeyOf,
  unsealContent,
  type SealedContent,
} from '../../lib/sealed-bid.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { ceremonyOf, checkCeremony, startCeremony } from './ceremony.js';
import { revealFileFacts } from '../bids/files.js';
import { jsonRows } from '../bids/json-rows.js';
import { notifyBidsOpened } from '../notifications/hooks.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { unbondedBidIds } from '../bonds/opening-check.js';

export const INVALID_UNCONFIRMED = '澄清/修改后未重新确认';
export const INVALID_ABOVE_CEILING = '超过最高投标限价';
export const INVALID_UNSEALABLE = '密封内容无法解密或已被篡改';
/** EVALUATION.md §4: no verified bond meeting the lot's requirement (both seal modes). */
export const INVALID_NO_BOND = '未按要求提交投标保证金';

/** `bidder` mode: a bid its bidder did not decrypt in the window (with the wrong keys sent). */
export const notDecryptedReason = (failures: number) =>
  `解密失败（投标人未在解密时间内解密${failures > 0 ? `，${failures} 次密钥错误` : ''}）`;

export type TenderRow = typeof tenders.$inferSelect;
type StoredRecord = typeof openingRecords.$inferSelect;

/** Each participating supplier's confirmation or objection, with the manager's answer. */
async function confirmationsOf(tx: Tx, tenderId: number): Promise<OpeningConfirmation[]> {
  const rows = await tx
    .select({ c: openingConfirmations, supplierName: suppliers.companyName })
    .from(openingConfirmations)
    .innerJoin(suppliers, eq(suppliers.id, openingConfirmations.supplierId))
    .where(eq(openingConfirmations.tenderId, tenderId))
    .orderBy(asc(openingConfirmations.confirmedAt), asc(openingConfirmations.supplierId));
  return rows.map(({ c, supplierName }) => confirmationOf(c, supplierName));
}

export const confirmationOf = (
  c: typeof openingConfirmations.$inferSelect,
  supplierName: string,
): OpeningConfirmation => ({
  supplierId: c.supplierId,
  supplierName,
  agree: c.agree,
  objection: c.objection,
  confirmedAt: c.confirmedAt.toISOString(),
  answer: c.answer,
  answeredAt: c.answeredAt ? c.answeredAt.toISOString() : null,
});

/** Suppliers confirm the record or object to it until this time. */
export const confirmUntilOf = (tender: TenderRow, openedAt: Date) =>
  new Date(openedAt.getTime() + tender.confirmMinutes * 60_000);

/** A lot's minimum valid bids at the opening: its own, never below 3 on a `mandatory` tender. */
export const lotMinBids = (tender: TenderRow, lot: { minBids: number }) =>
  tenderApi.effectiveMinBids({ mandatory: tender.mandatory, minBids: lot.minBids });

/**
 * The record as read: with `lotId`, that lot's entries, count, minimum and failure; without,
 * every entry, the valid bids of all lots, the smallest minimum, and failed when every lot did.
 */
export const recordOf = async (
  tx: Tx,
  tender: TenderRow,
  stored: StoredRecord,
  lotId?: number,
): Promise<OpeningRecord> => {
  const sections = stored.lots;
  const section = lotId === undefined ? null : sections.find((s) => s.lotId === lotId);
  const entries = (stored.entries as OpeningEntry[])
    .filter((e) => !section || e.lotId === section.lotId)
    .map((e) => ({ ...e, decryptedAt: e.decryptedAt ?? null }));
  return {
    tenderId: tender.id,
    tenderNo: tender.tenderNo,
    title: tender.title,
    openedAt: stored.openedAt.toISOString(),
    openedByName: stored.openedByName,
    lots: sections,
    entries,
    validCount: section ? section.validCount : stored.validCount,
    minBids: section
      ? section.minBids
      : sections.length
        ? Math.min(...sections.map((s) => s.minBids))
        : tenderApi.effectiveMinBids(tender),
    failed: section ? section.failed : stored.failed,
    sealMode: tender.sealMode,
    decryption:
      tender.decryptStartedAt && tender.decryptUntil
        ? {
            startedAt: tender.decryptStartedAt.toISOString(),
            until: tender.decryptUntil.toISOString(),
            extendedMinutes: tender.decryptExtendedMinutes,
            extendReason: tender.decryptExtendReason,
          }
        : null,
    confirmUntil: confirmUntilOf(tender, stored.openedAt).toISOString(),
    confirmations: await confirmationsOf(tx, tender.id),
  };
};

export async function storedRecord(tx: Tx, tenderId: number) {
  const [stored] = await tx
    .select()
    .from(openingRecords)
    .where(eq(openingRecords.tenderId, tenderId));
  return stored;
}

/** A bid's plain columns as the opening fills them. */
interface OpenedBid {
  id: number;
  status: 'opened' | 'invalid';
  invalidReason: string | null;
  totalPrice: string | null;
  currency: string | null;
  deliveryDays: number | null;
  warrantyMonths: number | null;
  remark: string | null;
  fileIds: number[] | null;
  nonce: string | null;
}

/**
 * Fills the opened bids' plain columns in one statement (a round trip per bid made the opening
 * of hundreds of bids wait on the database): the rows go as one JSON parameter.
 */
async function writeOpenedBids(tx: Tx, opened: OpenedBid[], now: Date) {
  if (!opened.length) return;
  await tx.execute(sql`
    update bids set
      status = v.status,
      invalid_reason = v.invalid_reason,
      total_price = v.total_price,
      currency = v.currency,
      delivery_days = v.delivery_days,
      warranty_months = v.warranty_months,
      remark = v.remark,
      file_ids = v.file_ids,
      nonce = v.nonce,
      opened_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${jsonRows(
      opened.map((b) => ({
        id: b.id,
        status: b.status,
        invalid_reason: b.invalidReason,
        total_price: b.totalPrice,
        currency: b.currency,
        delivery_days: b.deliveryDays,
        warranty_months: b.warrantyMonths,
        remark: b.remark,
        file_ids: b.fileIds,
        nonce: b.nonce,
      })),
    )}::jsonb) as v(id int, status text, invalid_reason text, total_price numeric,
      currency text, delivery_days int, warranty_months int, remark text, file_ids int[],
      nonce text)
    where bids.id = v.id`);
}

/**
 * 开标: the opening record, once, for the whole tender: a section per lot, and a lot with fewer
 * valid bids than its minimum fails alone (the tender fails only when every lot does). `server` mode: open-bids, right away. `bidder` mode:
 * finish-opening, after the decryption window; by then each decrypted bid's blob holds its
 * quotation (re-sealed by the server) like a `server`-mode bid, and a bid still holding its
 * bidder's envelope is 解密失败. One path for both: every live bid is unsealed and judged, its
 * plain columns filled, and the immutable record written. The caller holds the tender's row
 * lock (`update`) and has checked that no record exists.
 */
export async function produceRecord(
  tx: Tx,
  deps: Pick<AppDeps, 'config'>,
  tender: TenderRow,
  user: AuthUser,
  actor: Actor,
  now: Date,
): Promise<OpeningRecord> {
  const key = masterKeyOf(deps);
  const tenderId = tender.id;
  const live = await tx
    .select({ bid: bids, supplierName: suppliers.companyName })
    .from(bids)
    .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
    .where(and(eq(bids.tenderId, tenderId), ne(bids.status, 'withdrawn')))
    .orderBy(asc(bids.submittedAt), asc(bids.id))
    .for('update', { of: bids });

  const tenderLots = await lotsOfTender(tx, tenderId);
  const lotNoOf = new Map(tenderLots.map((lot) => [lot.id, lot.lotNo]));
  // Read out lot by lot, each lot's bids in the order they came in.
  live.sort((a, b) => (lotNoOf.get(a.bid.lotId) ?? 0) - (lotNoOf.get(b.bid.lotId) ?? 0));
  const ceilingOf = new Map(
    tenderLots.map((lot) => [lot.id, lot.priceCeiling === null ? null : Number(lot.priceCeiling)]),
  );
  const unbonded = await unbondedBidIds(
    tx,
    tender,
    live.map(({ bid }) => bid.id),
  );
  const entries: OpeningEntry[] = [];
  const opened: OpenedBid[] = [];
  const revealed: SealedContent['files'] = [];
  for (const { bid, supplierName } of live) {
    const ceiling = ceilingOf.get(bid.lotId) ?? null;
    let sealed: SealedContent | null = null;
    try {
      if (bid.sealed)
        sealed = unsealContent(key, bid.sealed, tenderId, bid.supplierId, bid.revision);
    } catch {
      sealed = null;
    }
    // A blob sealed for another lot than its row's is as unreadable as an altered one.
    if (sealed?.lotId !== undefined && sealed.lotId !== bid.lotId) sealed = null;
    const content = sealed && !isEnvelope(sealed) ? sealed : null;
    const price = content ? Number(content.totalPrice) : null;
    // A reason found at decryption (`bidder` mode: invalid plaintext, altered file) stands.
    const invalidReason =
      bid.invalidReason ??
      (sealed && isEnvelope(sealed)
        ? notDecryptedReason(bid.decryptFailures)
        : !content
          ? INVALID_UNSEALABLE
          : bid.needsReconfirm
            ? INVALID_UNCONFIRMED
            : unbonded.has(bid.id)
              ? INVALID_NO_BOND
              : ceiling !== null && price! > ceiling
                ? INVALID_ABOVE_CEILING
                : null);
    const valid = invalidReason === null;
    opened.push({
      id: bid.id,
      status: valid ? 'opened' : 'invalid',
      invalidReason,
      totalPrice: content?.totalPrice ?? null,
      currency: content?.currency ?? null,
      deliveryDays: content?.deliveryDays ?? null,
      warrantyMonths: content?.warrantyMonths ?? null,
      remark: content?.remark ?? null,
      fileIds: sealed?.fileIds ?? null,
      nonce: sealed?.nonce ?? null,
    });
    if (content) revealed.push(...content.files);
    entries.push({
      bidId: bid.id,
      lotId: bid.lotId,
      supplierId: bid.supplierId,
      supplierName,
      totalPrice: price,
      totalPriceInWords: price === null ? null : amountInWords(price),
      currency: content?.currency ?? null,
      deliveryDays: content?.deliveryDays ?? null,
      warrantyMonths: content?.warrantyMonths ?? null,
      submittedAt: bid.submittedAt.toISOString(),
      revision: bid.revision,
      decryptedAt: bid.decryptedAt ? bid.decryptedAt.toISOString() : null,
      digest: bid.digest ?? '',
      nonce: sealed?.nonce ?? null,
      valid,
      invalidReason,
    });
  }
  // Every bid's plain columns in one statement, every attachment's facts in another.
  await writeOpenedBids(tx, opened, now);
  await revealFileFacts(tx, revealed);
  const sections: OpeningLotSection[] = tenderLots.map((lot) => {
    const validCount = entries.filter((e) => e.lotId === lot.id && e.valid).length;
    const minBids = lotMinBids(tender, lot);
    return {
      lotId: lot.id,
      lotNo: lot.lotNo,
      name: lot.name,
      minBids,
      validCount,
      failed: validCount < minBids,
    };
  });
  const failedLots = sections.filter((section) => section.failed).map((section) => section.lotId);
  if (failedLots.length)
    await tx
      .update(lots)
      .set({ status: 'failed', failedAt: now, updatedAt: now })
      .where(inArray(lots.id, failedLots));
  const validCount = entries.filter((e) => e.valid).length;
  const failed = failedLots.length === sections.length;
  const [stored] = await tx
    .insert(openingRecords)
    .values({
      tenderId,
      openedAt: now,
      openedBy: user.userid,
      openedByName: user.realName || user.username,
      lots: sections,
      entries,
      validCount,
      failed,
    })
    .returning();
  const status = failed ? 'failed' : 'opened';
  await tx.update(tenders).set({ status, updatedAt: now }).where(eq(tenders.id, tenderId));
  await recordAudit(tx, actor, {
    targetType: 'tender',
    targetId: tenderId,
    before: { status: tender.status },
    after: { status, bids: entries.length, validCount, failedLots },
  });
  const openedTender = { ...tender, status } as TenderRow;
  await notifyBidsOpened(
    tx,
    tenderId,
    tender.title,
    [...new Set(entries.map((e) => e.supplierId))],
    failed,
    confirmUntilOf(openedTender, now),
    now,
  );
  return recordOf(tx, openedTender, stored!);
}

/**
 * 开标, at or after openingAt, under the tender row's lock: `server` mode produces the record;
 * `bidder` mode starts the decryption window (the ceremony). A second call, also a simultaneous
 * one, answers what the first made and changes nothing.
 */
export async function openBids(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
  actor: Actor,
): Promise<OpeningRecord | OpeningCeremony> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, tenderId, 'update');
    if (!tender) throw tenderNotFound(tenderId);
    const existing = await storedRecord(tx, tenderId);
    if (existing) return recordOf(tx, tender, existing);
    if (tender.status === 'opening') return ceremonyOf(tx, tender, now);

    if (tender.status === 'draft') throw new Conflict('招标尚未发布，不能开标');
    if (tender.status === 'cancelled') throw new Conflict('招标已终止，不能开标');
    if (tender.status !== 'published') throw new Conflict('该招标当前状态不能开标');
    if (now.getTime() < tender.openingAt.getTime())
      throw new Conflict(`未到开标时间，${formatDateTime(tender.openingAt)} 之后才能开标`);

    if (tender.sealMode === 'bidder') return startCeremony(tx, tender, user, actor, now);
    return produceRecord(tx, deps, tender, user, actor, now);
  });
}

/**
 * `bidder` mode: ends the ceremony once every live bid is decrypted or the window has ended,
 * and produces the record by the same path as `server` mode; a bid still in its bidder's
 * envelope is 解密失败. A second call answers the record.
 */
export async function finishOpening(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
  actor: Actor,
): Promise<OpeningRecord> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await lockTender(tx, tenderId, 'update');
    const existing = locked && (await storedRecord(tx, tenderId));
    if (locked && existing) return recordOf(tx, locked, existing);
    const tender = checkCeremony(locked, tenderId);
    if (tender.status !== 'opening') throw new Conflict('该招标当前状态不能结束开标');
    const ceremony = await ceremonyOf(tx, tender, now);
    if (!ceremony.canFinish)
      throw new Conflict(
        `尚有投标人未解密，全部解密或解密时间（${formatDateTime(tender.decryptUntil!)}）结束后才能结束开标`,
      );
    return produceRecord(tx, deps, tender, user, actor, now);
  });
}

/**
 * The opening record, after the opening: to managers, and to a supplier that bid on the
 * tender. Anyone else, and everyone before the opening except managers (409), gets 404.
 */
export async function getOpeningRecord(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
  lotId?: number,
): Promise<OpeningRecord> {
  const { db } = deps;
  const [tender] = await db.select().from(tenders).where(eq(tenders.id, tenderId));
  const manager = await holdsPower(db, user, 'menu:tender_list');
  if (!tender || (!manager && tender.status === 'draft')) throw tenderNotFound(tenderId);
  if (!manager) {
    const [own] =
      user.supplierId === null
        ? []
        : await db
            .select({ id: bids.id })
            .from(bids)
            .where(and(eq(bids.tenderId, tenderId), eq(bids.supplierId, user.supplierId)));
    if (!own) throw tenderNotFound(tenderId);
  }
  const stored = await storedRecord(db, tenderId);
  if (!stored) {
    if (manager) throw new Conflict('尚未开标，开标后才有开标记录');
    throw tenderNotFound(tenderId);
  }
  // Optional here even on several lots: without it the whole record, a section per lot.
  const lot = lotId === undefined ? undefined : pickLot(await lotsOfTender(db, tenderId), lotId);
  return recordOf(db, tender, stored, lot?.id);
}

/** How many live bids exist: managers only, and only after the deadline. */
export async function getBidCount(deps: AppDeps, tenderId: number) {
  const { db } = deps;
  const now = deps.clock.now();
  const [tender] = await db.select().from(tenders).where(eq(tenders.id, tenderId));
  if (!tender) throw tenderNotFound(tenderId);
  if (tender.status === 'draft' || now.getTime() < tender.bidDeadline.getTime())
    throw new Conflict(`投标截止（${formatDateTime(tender.bidDeadline)}）前不能查看投标数量`);
  const [row] = await db
    .select({ count: count() })
    .from(bids)
    .where(and(eq(bids.tenderId, tenderId), inArray(bids.status, LIVE_STATUSES)));
  return { count: row!.count };
}

export const LIVE_STATUSES = ['submitted', 'opened', 'won', 'lost', 'invalid'] as (
  'submitted' | 'opened' | 'won' | 'lost' | 'invalid'
)[];
