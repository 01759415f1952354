import { and, eq, sql } from 'drizzle-orm';
import {
  formatDateTime,
  type BidderSealed,
  type Receipt,
  type SubmissionReceipt,
} from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  bidRevisions,
  bids,
  participations,
  suppliers,
  type tenders,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Forbidden, Invalid } from '../../lib/errors.js';
import { canonicalBid, newNonce, sha256Hex, type SealedBlob } from '../../lib/seal.js';
import { effectiveSupplierStatus, supplierBlockReason } from '../../lib/supplier-status.js';
import type { AuthUser } from '../../plugins/auth.js';
import { attachFiles } from '../files/service.js';
import { effectiveTenderStatus } from '../tenders/status.js';
import { resolveLot } from '../tenders/lots.js';
import {
  bidDigest,
  isEnvelope,
  masterKeyOf,
  priceText,
  sealContent,
  unsealContent,
  type SealedContent,
} from '../../lib/sealed-bid.js';
import { bidNotFound, lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { bidFileFacts } from './files.js';
import { isInvited, notInvitedToBid, restrictsToInvitees } from '../tenders/method.js';

type TenderRow = typeof tenders.$inferSelect;

/**
 * One body for both seal modes (the contract): the quotation in the clear (`server` mode) or
 * the bidder's envelope `sealed` (`bidder` mode); which one the tender takes is checked here.
 */
export interface SubmitInput {
  tenderId: number;
  lotId?: number;
  totalPrice?: number;
  currency: string;
  deliveryDays?: number;
  warrantyMonths?: number;
  remark?: string;
  fileIds: number[];
  sealed?: BidderSealed;
}

/** Where the request came from, kept with each revision for the collusion warnings. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

function supplierOf(user: AuthUser): number {
  // A bidder account always belongs to a company; any other caller has nothing to bid with.
  if (user.supplierId === null) throw new Forbidden('当前账号不属于任何供应商，不能投标');
  return user.supplierId;
}

/** Why this tender takes no bid from anyone right now, or null. */
export function tenderBidRefusal(tender: TenderRow, now: Date): string | null {
  const status = effectiveTenderStatus(tender, now);
  if (status === 'published') return null;
  if (status === 'cancelled') return '该招标项目已终止，不能投标';
  // Closed by its deadline alone (the row still says published): the bidder is told when.
  if (status === 'closed' && tender.status === 'published')
    return `投标已截止（截止时间 ${formatDateTime(tender.bidDeadline)}），不能再投标`;
  return '该招标项目已结束投标，不能投标';
}

/** A body of the other seal mode is refused by the field that gives it away (never echoed). */
function checkSealMode(tender: TenderRow, input: SubmitInput) {
  if (tender.sealMode === 'server' && input.sealed)
    throw new Invalid(
      'sealed',
      '本项目为服务器密封模式，请直接填写报价（totalPrice 等），不要提交投标人加密的 sealed 密文',
    );
  if (tender.sealMode === 'bidder' && !input.sealed)
    throw new Invalid(
      'totalPrice',
      '本项目为投标人加密模式，报价须在浏览器中加密后放在 sealed 中提交，不能明文提交',
    );
}

/** Refuses unless the caller's company may bid on this tender now. The tender row is locked. */
async function checkMayBid(
  tx: Tx,
  input: SubmitInput,
  tender: TenderRow | undefined,
  supplierId: number,
  now: Date,
) {
  // A draft is nobody's business but the company's managers: as if it did not exist.
  if (!tender || tender.status === 'draft') throw tenderNotFound(input.tenderId);
  checkSealMode(tender, input);
  const refusal = tenderBidRefusal(tender, now);
  if (refusal) throw new Conflict(refusal);

  const [supplier] = await tx
    .select({ status: suppliers.status, blacklistUntil: suppliers.blacklistUntil })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId))
    .for('share');
  if (!supplier) throw new Forbidden('当前账号不属于任何供应商，不能投标');
  const status = effectiveSupplierStatus(supplier, now);
  const blocked = supplierBlockReason(status, supplier.blacklistUntil);
  if (blocked) throw new Conflict(blocked);

  const method = tender.procurementMethod;
  if (restrictsToInvitees(method) && !(await isInvited(tx, tender.id, supplierId)))
    throw new Conflict(notInvitedToBid(method));
  const [signedUp] = await tx
    .select({ one: sql<number>`1` })
    .from(participations)
    .where(and(eq(participations.tenderId, tender.id), eq(participations.supplierId, supplierId)));
  if (!signedUp) throw new Conflict('贵公司尚未报名该招标项目，请先报名再投标');
}

/** A bid's new revision, as saved: what it now holds, and the receipt its action answers. */
interface Revision {
  bidId: number;
  tenderId: number;
  lotId: number;
  revision: number;
  action: Receipt['action'];
  status: 'submitted' | 'withdrawn';
  sealed: SealedBlob | null;
  digest: string;
  now: Date;
}

/**
 * Saves a revision the three actions share the shape of: the live bid row, its history row and
 * the audit row (no term of the bid, only its revision and digest), and answers the receipt.
 */
async function saveRevision(
  tx: Tx,
  user: AuthUser,
  actor: Actor,
  origin: Origin,
  r: Revision,
): Promise<Receipt> {
  const by = { userId: user.userid, ip: origin.ip, userAgent: origin.userAgent };
  await tx
    .update(bids)
    .set({
      revision: r.revision,
      status: r.status,
      sealed: r.sealed,
      digest: r.digest,
      needsReconfirm: false,
      submittedAt: r.now,
      submittedBy: by.userId,
      ip: by.ip,
      userAgent: by.userAgent,
    })
    .where(eq(bids.id, r.bidId));
  await tx.insert(bidRevisions).values({
    bidId: r.bidId,
    revision: r.revision,
    action: r.action,
    digest: r.digest,
    sealed: r.sealed,
    createdAt: r.now,
    ...by,
  });
  await recordAudit(tx, actor, {
    targetType: 'bid',
    targetId: r.bidId,
    after: { tenderId: r.tenderId, revision: r.revision, digest: r.digest, action: r.action },
  });
  return {
    bidId: r.bidId,
    tenderId: r.tenderId,
    lotId: r.lotId,
    revision: r.revision,
    action: r.action,
    submittedAt: r.now.toISOString(),
    digest: r.digest,
  };
}

/**
 * Submits or revises the caller's company's sealed bid. One transaction: the live bid row is
 * inserted or, when it exists, its revision raised under the row lock that the upsert takes, so
 * simultaneous submissions get consecutive revisions and one live bid. The audit row carries no
 * term of the bid, only where it belongs, its revision and its digest. The answer echoes the
 * quotation as this request sent it (the 回执 the supplier keeps): the only answer that ever
 * holds a price before the opening, and nothing in it is read back from the store.
 */
export async function submitBid(
  deps: AppDeps,
  input: SubmitInput,
  user: AuthUser,
  actor: Actor,
  origin: Origin,
): Promise<SubmissionReceipt> {
  const supplierId = supplierOf(user);
  const key = masterKeyOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.tenderId, 'share');
    await checkMayBid(tx, input, tender, supplierId, now);
    const lot = await resolveLot(tx, input.tenderId, input.lotId);

    const [row] = await tx
      .insert(bids)
      .values({
        tenderId: input.tenderId,
        lotId: lot.id,
        supplierId,
        revision: 1,
        status: 'submitted',
        submittedAt: now,
        submittedBy: user.userid,
      })
      .onConflictDoUpdate({
        target: [bids.lotId, bids.supplierId],
        set: { revision: sql`${bids.revision} + 1` },
      })
      .returning({ id: bids.id, revision: bids.revision });
    const { id: bidId, revision } = row!;

    const fileIds = [...new Set(input.fileIds)];
    await attachFiles(tx, { fileIds, ownerType: 'bid', ownerId: bidId, userId: user.userid, now });
    const files = await bidFileFacts(tx, key, fileIds, tender!.sealMode);

    // `bidder` mode: the envelope as sent, sealed once more by the server (nothing of it can be
    // read without the bidder's content key); `server` mode: the quotation itself.
    const content: SealedContent = input.sealed
      ? { envelope: input.sealed, fileIds, files, nonce: newNonce() }
      : {
          totalPrice: priceText(input.totalPrice!),
          currency: input.currency,
          deliveryDays: input.deliveryDays!,
          warrantyMonths: input.warrantyMonths!,
          remark: input.remark ?? '',
          fileIds,
          files,
          nonce: newNonce(),
        };
    const sealed = sealContent(key, content, input.tenderId, supplierId, revision);
    const digest = bidDigest(content, input.tenderId, supplierId, revision);

    const receipt = await saveRevision(tx, user, actor, origin, {
      bidId,
      tenderId: input.tenderId,
      lotId: lot.id,
      revision,
      action: 'submit',
      status: 'submitted',
      sealed,
      digest,
      now,
    });
    if (isEnvelope(content)) return { ...receipt, quotation: null };
    const { totalPrice, currency, deliveryDays, warrantyMonths, remark } = content;
    return {
      ...receipt,
      quotation: { totalPrice, currency, deliveryDays, warrantyMonths, remark, fileIds },
    };
  });
}

/**
 * The caller's company's bid (anyone else's is as if it did not exist), locked after its
 * tender's row, in the order submission and opening take them, so none of them deadlocks; and
 * only before the deadline.
 */
async function lockOwnBid(tx: Tx, bidId: number, supplierId: number, now: Date, what: string) {
  const [found] = await tx
    .select({ tenderId: bids.tenderId })
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.supplierId, supplierId)));
  if (!found) throw bidNotFound(bidId);
  const tender = await lockTender(tx, found.tenderId, 'share');
  if (!tender) throw bidNotFound(bidId);
  const [bid] = await tx.select().from(bids).where(eq(bids.id, bidId)).for('update');
  if (!bid) throw bidNotFound(bidId);
  const refusal = tenderBidRefusal(tender, now);
  if (refusal) throw new Conflict(refusal.replace(/不能(再)?投标$/, `不能${what}`));
  return bid;
}

export async function withdrawBid(
  deps: AppDeps,
  bidId: number,
  user: AuthUser,
  actor: Actor,
  origin: Origin,
): Promise<Receipt> {
  const supplierId = supplierOf(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const bid = await lockOwnBid(tx, bidId, supplierId, now, '撤回');
    if (bid.status === 'withdrawn') throw new Conflict('该投标已撤回，不能重复撤回');
    if (bid.status !== 'submitted') throw new Conflict('该投标已开标，不能撤回');
    const revision = bid.revision + 1;
    // The withdrawal's own receipt: what was withdrawn (the last digest), when, by a fresh nonce.
    const digest = sha256Hex(
      canonicalBid({
        action: 'withdraw',
        tenderId: bid.tenderId,
        supplierId,
        revision,
        withdrawn: bid.digest,
        at: now.toISOString(),
        nonce: newNonce(),
      }),
    );
    return saveRevision(tx, user, actor, origin, {
      bidId,
      tenderId: bid.tenderId,
      lotId: bid.lotId,
      revision,
      action: 'withdraw',
      status: 'withdrawn',
      sealed: null,
      digest,
      now,
    });
  });
}

/** After an amendment: the same content, a new revision (re-sealed to it) and a new receipt. */
export async function reconfirmBid(
  deps: AppDeps,
  bidId: number,
  user: AuthUser,
  actor: Actor,
  origin: Origin,
): Promise<Receipt> {
  const supplierId = supplierOf(user);
  const key = masterKeyOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const bid = await lockOwnBid(tx, bidId, supplierId, now, '重新确认');
    if (bid.status !== 'submitted' || !bid.sealed)
      throw new Conflict('该投标不是待确认的有效投标，不能重新确认');
    if (!bid.needsReconfirm) throw new Conflict('该投标无需重新确认');
    const content = unsealContent(key, bid.sealed, bid.tenderId, supplierId, bid.revision);
    const revision = bid.revision + 1;
    const sealed = sealContent(key, content, bid.tenderId, supplierId, revision);
    const digest = bidDigest(content, bid.tenderId, supplierId, revision);
    // Only a submitted bid is reconfirmed (checked above): the status stays as it is.
    return saveRevision(tx, user, actor, origin, {
      bidId,
      tenderId: bid.tenderId,
      lotId: bid.lotId,
      revision,
      action: 'reconfirm',
      status: 'submitted',
      sealed,
      digest,
      now,
    });
  });
}

/**
 * For the amendment (澄清/修改) of a tender, inside its transaction: every submitted bid must be
 * re-confirmed before the deadline, or it is opened as invalid.
 */
export async function markBidsForReconfirm(tx: Tx, tenderId: number): Promise<void> {
  await tx
    .update(bids)
    .set({ needsReconfirm: true })
    .where(and(eq(bids.tenderId, tenderId), eq(bids.status, 'submitted')));
}
