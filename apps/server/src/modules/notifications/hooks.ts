import { and, eq, inArray } from 'drizzle-orm';
import { formatDateTime, notificationLinks } from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { bids } from '../../db/schema/index.js';
import { notify, usersHoldingPower, usersOfParticipants, usersOfSuppliers } from './service.js';

/**
 * The events other services report, each called with one line inside that service's
 * transaction, so the notice commits with the change.
 */

export async function notifySupplierReviewed(
  tx: Tx,
  supplierId: number,
  status: string,
  reason: string | null | undefined,
  now: Date,
) {
  if (status !== 'approved' && status !== 'rejected') return;
  const approved = status === 'approved';
  await notify(
    tx,
    await usersOfSuppliers(tx, [supplierId]),
    approved ? 'supplier_approved' : 'supplier_rejected',
    approved
      ? '贵公司的供应商资格已审核通过，可以报名投标'
      : `贵公司的供应商资格审核未通过${reason ? `：${reason}` : ''}`,
    notificationLinks.companyProfile(),
    now,
  );
}

export async function notifyTenderAmended(
  tx: Tx,
  tenderId: number,
  title: string,
  amendmentNo: number,
  now: Date,
) {
  await notify(
    tx,
    await usersOfParticipants(tx, tenderId),
    'tender_amended',
    `${title}：发布了第 ${amendmentNo} 次澄清/修改，请查看`,
    notificationLinks.tenderPage(tenderId),
    now,
  );
}

/** The record is made (both seal modes): each bidder confirms it or objects before a time. */
export async function notifyBidsOpened(
  tx: Tx,
  tenderId: number,
  title: string,
  supplierIds: number[],
  failed: boolean,
  confirmUntil: Date,
  now: Date,
) {
  await notify(
    tx,
    await usersOfSuppliers(tx, supplierIds),
    'bids_opened',
    `${title}：已开标${failed ? '（有效投标不足，流标）' : ''}，开标记录待确认，请在 ${formatDateTime(confirmUntil)} 前确认或提出异议`,
    notificationLinks.biddingRow(tenderId),
    now,
  );
}

/** `bidder` mode: the decryption window opened (or was extended): decrypt before it ends. */
export async function notifyDecryptionWindow(
  tx: Tx,
  tenderId: number,
  title: string,
  supplierIds: number[],
  until: Date,
  extended: boolean,
  now: Date,
) {
  await notify(
    tx,
    await usersOfSuppliers(tx, supplierIds),
    'opening_started',
    extended
      ? `${title}：解密时间已延长，请在 ${formatDateTime(until)} 前解密`
      : `${title}：开标已开始，请在 ${formatDateTime(until)} 前解密`,
    notificationLinks.biddingRow(tenderId),
    now,
  );
}

/**
 * 中标 to the winner's users (to the lot's 中标通知书 on the result announcement), 未中标 to every
 * other company that bid on the lot (opened, lost, invalid; to its row on 投标报价).
 */
export async function notifyAwardResult(
  tx: Tx,
  award: { tenderId: number; lotId: number; winnerSupplierId: number; several: boolean },
  title: string,
  now: Date,
  resultAnnouncementId: number,
) {
  const { tenderId, lotId, winnerSupplierId } = award;
  const bidders = await tx
    .select({ supplierId: bids.supplierId })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), inArray(bids.status, ['won', 'lost', 'invalid'])));
  const others = bidders.map((b) => b.supplierId).filter((id) => id !== winnerSupplierId);
  await notify(
    tx,
    await usersOfSuppliers(tx, [winnerSupplierId]),
    'award_result',
    `${title}：贵公司中标，请查看中标通知书`,
    notificationLinks.awardNotice(
      resultAnnouncementId,
      tenderId,
      award.several ? lotId : undefined,
    ),
    now,
  );
  await notify(
    tx,
    await usersOfSuppliers(tx, others),
    'award_result',
    `${title}：未中标`,
    notificationLinks.biddingRow(tenderId),
    now,
  );
}

/** A supplier objected to the opening record: the managers who answer it (those who open bids). */
export async function notifyOpeningObjectionFiled(
  tx: Tx,
  tenderId: number,
  title: string,
  supplierName: string,
  now: Date,
) {
  await notify(
    tx,
    await usersHoldingPower(tx, 'tender:open'),
    'objection_filed',
    `${title}：${supplierName}对开标记录提出异议，请答复`,
    notificationLinks.openingRecord(tenderId),
    now,
  );
}

/** The manager answered a supplier's objection to the opening record: that company is told. */
export async function notifyOpeningObjectionAnswered(
  tx: Tx,
  tenderId: number,
  title: string,
  supplierId: number,
  now: Date,
) {
  await notify(
    tx,
    await usersOfSuppliers(tx, [supplierId]),
    'objection_answered',
    `${title}：贵公司对开标记录提出的异议已答复`,
    notificationLinks.biddingRow(tenderId),
    now,
  );
}
