import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bids } from '../../db/schema/index.js';
import { notify, usersOfParticipants, usersOfSuppliers } from './service.js';

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
    '/updateInfo',
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
    `/tenderMsg?id=${tenderId}`,
    now,
  );
}

export async function notifyBidsOpened(
  tx: Tx,
  tenderId: number,
  title: string,
  supplierIds: number[],
  failed: boolean,
  now: Date,
) {
  await notify(
    tx,
    await usersOfSuppliers(tx, supplierIds),
    'bids_opened',
    `${title}：已开标${failed ? '（有效投标不足，流标）' : ''}，可查看开标记录`,
    `/bidding?tenderId=${tenderId}`,
    now,
  );
}

/** 中标 to the winner's users, 未中标 to every other company that bid (opened, lost, invalid). */
export async function notifyAwardResult(
  tx: Tx,
  tenderId: number,
  winnerSupplierId: number,
  title: string,
  now: Date,
) {
  const bidders = await tx
    .select({ supplierId: bids.supplierId })
    .from(bids)
    .where(and(eq(bids.tenderId, tenderId), inArray(bids.status, ['won', 'lost', 'invalid'])));
  const others = bidders.map((b) => b.supplierId).filter((id) => id !== winnerSupplierId);
  const link = `/bidding?tenderId=${tenderId}`;
  await notify(
    tx,
    await usersOfSuppliers(tx, [winnerSupplierId]),
    'award_result',
    `${title}：贵公司中标，请查看中标通知书`,
    link,
    now,
  );
  await notify(
    tx,
    await usersOfSuppliers(tx, others),
    'award_result',
    `${title}：未中标`,
    link,
    now,
  );
}
