import { and, eq, ne } from 'drizzle-orm';
import { amountInWords, formatDateTime, formatMoney, priceText } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { announcements, awards, bids, suppliers, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { bidNotFound, lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { assertAwardAllowed } from '../announcements/service.js';
import { reindexAnnouncement } from '../announcements/announcement-rows.js';
import { notifyAwardResult } from '../notifications/hooks.js';
import { openedEntries } from './record-entries.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * 定标: once per tender, under the tender row's lock (a second or simultaneous award is 409).
 * The winning bid becomes `won`, the other opened bids `lost`, and a draft 中标结果公告 is
 * prefilled with the winner and the amount.
 */
export async function awardTender(
  deps: AppDeps,
  input: { id: number; bidId: number; reason: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.id, 'update');
    if (!tender) throw tenderNotFound(input.id);
    if (tender.status === 'awarded') throw new Conflict('该招标已定标，不能重复定标');
    if (tender.status === 'failed') throw new Conflict('该招标已流标，不能定标（可重新招标）');
    if (tender.status !== 'opened') throw new Conflict('尚未开标，开标后才能定标');
    await assertAwardAllowed(tx, tender, now);

    const [row] = await tx
      .select({ bid: bids, supplierName: suppliers.companyName })
      .from(bids)
      .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
      .where(and(eq(bids.id, input.bidId), eq(bids.tenderId, input.id)));
    if (!row) throw bidNotFound(input.bidId);
    const { bid, supplierName } = row;
    if (bid.status === 'invalid')
      throw new Conflict(`该投标为无效投标（${bid.invalidReason ?? '无效'}），不能中标`);
    const entry = (await openedEntries(tx, input.id))?.find((e) => e.bidId === bid.id);
    if (bid.status !== 'opened' || !entry || entry.totalPrice === null)
      throw new Conflict('只有已开标的有效投标才能中标');
    const amount = entry.totalPrice;

    await tx
      .update(bids)
      .set({ status: 'lost' })
      .where(and(eq(bids.tenderId, input.id), eq(bids.status, 'opened'), ne(bids.id, bid.id)));
    await tx.update(bids).set({ status: 'won' }).where(eq(bids.id, bid.id));
    await tx.insert(awards).values({
      tenderId: input.id,
      bidId: bid.id,
      supplierId: bid.supplierId,
      amount: priceText(amount),
      reason: input.reason,
      awardedBy: user.userid,
      awardedAt: now,
    });
    await tx
      .update(tenders)
      .set({ status: 'awarded', updatedAt: now })
      .where(eq(tenders.id, input.id));

    const currency = entry.currency ?? tender.currency;
    const content = [
      `<p>${escapeHtml(tender.title)}（招标编号：${escapeHtml(tender.tenderNo)}）已于 ${formatDateTime(now)} 完成定标，现将中标结果公告如下：</p>`,
      `<p>中标人：${escapeHtml(supplierName)}</p>`,
      `<p>中标金额：${escapeHtml(formatMoney(amount, currency))}（大写：${amountInWords(amount)}）</p>`,
      `<p>交货期：${entry.deliveryDays ?? '-'} 天；质保期：${entry.warrantyMonths ?? '-'} 个月</p>`,
      `<p>定标理由：${escapeHtml(input.reason)}</p>`,
    ].join('\n');
    const [announcement] = await tx
      .insert(announcements)
      .values({
        tenderId: input.id,
        kind: 'result',
        title: `${tender.title} 中标结果公告`,
        content,
        winnerSupplierId: bid.supplierId,
        winnerName: supplierName,
        amount: priceText(amount),
        status: 'draft',
        createdBy: user.userid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: announcements.id });
    await reindexAnnouncement(tx, announcement!.id);
    await notifyAwardResult(tx, input.id, bid.supplierId, tender.title, now, announcement!.id);

    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: input.id,
      before: { status: tender.status },
      after: {
        status: 'awarded',
        bidId: bid.id,
        supplier: supplierName,
        reason: input.reason,
        announcementId: announcement!.id,
      },
    });
    return { announcementId: announcement!.id, bidId: bid.id };
  });
}
