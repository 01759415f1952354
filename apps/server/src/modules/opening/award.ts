import { and, count, eq, ne } from 'drizzle-orm';
import { amountInWords, formatDateTime, formatMoney, lotLabel, priceText } from '@tender/contracts';
import { readEvaluation } from '@tender/contracts/evaluation';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { announcements, awards, bids, lots, suppliers, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { bidNotFound, lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { assertAwardAllowed } from '../announcements/service.js';
import { announcementTitle, reindexAnnouncement } from '../announcements/announcement-rows.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { notifyAwardResult } from '../notifications/hooks.js';
import { openedEntries } from './record-entries.js';
import { assertFirstCandidate } from '../announcements/report-candidates.js';
import { committeeParagraph } from '../announcements/templates.js';
import { activeMembers, committeeOfTender } from '../evaluation/members.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * 兼投不兼中: why this supplier may win no more lots of the tender (it has won maxLotsPerWinner
 * already), or null. A reason to decline a committee tender's candidate too (lot_cap).
 */
export async function lotCapRefusal(
  tx: Tx,
  tender: { id: number; maxLotsPerWinner: number | null },
  bidder: { supplierId: number; supplierName: string },
  label: string,
) {
  const cap = tender.maxLotsPerWinner;
  if (cap === null) return null;
  const [won] = await tx
    .select({ n: count() })
    .from(awards)
    .where(and(eq(awards.tenderId, tender.id), eq(awards.supplierId, bidder.supplierId)));
  if (won!.n < cap) return null;
  return `兼投不兼中：每个投标人最多中标 ${cap} 个标段，${bidder.supplierName} 在本招标已中标 ${won!.n} 个标段，不能再中标${label}`;
}

/**
 * 定标: once per lot, under the tender row's lock (a second or simultaneous award of the lot is
 * 409; the awards' key on the lot backs it). The winning bid becomes `won`, the lot's other
 * opened bids `lost`, and a draft 中标结果公告 of the lot is prefilled with the winner and the
 * amount. 兼投不兼中: a supplier wins at most the tender's maxLotsPerWinner lots. The tender is
 * `awarded` once every lot is awarded or failed. On a committee tender the award goes only to
 * the first candidate of the lot's final report not declined (R 55), and the announcement
 * names the committee's members.
 */
export async function awardTender(
  deps: AppDeps,
  input: { id: number; lotId?: number; bidId: number; reason: string },
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
    const tenderLots = await lotsOfTender(tx, input.id);
    const lot = pickLot(tenderLots, input.lotId);
    const several = tenderLots.length > 1;
    const label = lotLabel(lot);
    if (lot.status === 'failed')
      throw new Conflict(`${label}已流标（有效投标不足），不能定标（可重新招标）`);
    if (lot.status === 'awarded') throw new Conflict(`${label}已定标，不能重复定标`);
    await assertAwardAllowed(tx, tender, lot.id, now);

    const [row] = await tx
      .select({ bid: bids, supplierName: suppliers.companyName })
      .from(bids)
      .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
      .where(and(eq(bids.id, input.bidId), eq(bids.tenderId, input.id)));
    if (!row) throw bidNotFound(input.bidId);
    const { bid, supplierName } = row;
    if (bid.lotId !== lot.id) {
      const other = tenderLots.find((candidate) => candidate.id === bid.lotId);
      throw new Invalid(
        'bidId',
        `投标 ${bid.id} 是${other ? lotLabel(other) : '其他标段'}的投标，不能在${label}定标`,
      );
    }
    if (bid.status === 'invalid')
      throw new Conflict(`该投标为无效投标（${bid.invalidReason ?? '无效'}），不能中标`);
    const entry = (await openedEntries(tx, input.id, lot.id))?.find((e) => e.bidId === bid.id);
    if (bid.status !== 'opened' || !entry || entry.totalPrice === null)
      throw new Conflict('只有已开标的有效投标才能中标');
    const amount = entry.totalPrice;
    const committee = readEvaluation(tender.evaluation).committee;
    if (committee) await assertFirstCandidate(tx, lot.id, bid.id);
    const capReached = await lotCapRefusal(tx, tender, { ...bid, supplierName }, label);
    if (capReached)
      throw new Conflict(
        committee
          ? `${capReached}；请以「兼投不兼中」（lot_cap）取消其中标候选人资格后定标给下一名候选人`
          : capReached,
      );

    await tx
      .update(bids)
      .set({ status: 'lost' })
      .where(and(eq(bids.lotId, lot.id), eq(bids.status, 'opened'), ne(bids.id, bid.id)));
    await tx.update(bids).set({ status: 'won' }).where(eq(bids.id, bid.id));
    await tx.insert(awards).values({
      tenderId: input.id,
      lotId: lot.id,
      bidId: bid.id,
      supplierId: bid.supplierId,
      amount: priceText(amount),
      reason: input.reason,
      awardedBy: user.userid,
      awardedAt: now,
    });
    await tx.update(lots).set({ status: 'awarded', updatedAt: now }).where(eq(lots.id, lot.id));
    // Awarded once no lot is left open: every other lot awarded before or failed at the opening.
    const done = tenderLots.every((other) => other.id === lot.id || other.status !== 'active');
    const status = done ? 'awarded' : tender.status;
    if (done)
      await tx
        .update(tenders)
        .set({ status: 'awarded', updatedAt: now })
        .where(eq(tenders.id, input.id));

    const currency = entry.currency ?? tender.currency;
    // The members are named here and nowhere else a bidder or the public reads.
    const seated = committee ? await committeeOfTender(tx, tender.id) : null;
    const content = [
      `<p>${escapeHtml(tender.title)}（招标编号：${escapeHtml(tender.tenderNo)}）${several ? escapeHtml(label) : ''}已于 ${formatDateTime(now)} 完成定标，现将中标结果公告如下：</p>`,
      `<p>中标人：${escapeHtml(supplierName)}</p>`,
      `<p>中标金额：${escapeHtml(formatMoney(amount, currency))}（大写：${amountInWords(amount)}）</p>`,
      `<p>交货期：${entry.deliveryDays ?? '-'} 天；质保期：${entry.warrantyMonths ?? '-'} 个月</p>`,
      `<p>定标理由：${escapeHtml(input.reason)}</p>`,
      ...(seated ? [committeeParagraph(await activeMembers(tx, seated.id))] : []),
    ].join('\n');
    const [announcement] = await tx
      .insert(announcements)
      .values({
        tenderId: input.id,
        lotId: lot.id,
        kind: 'result',
        title: announcementTitle(tender.title, lot, tenderLots.length, 'result'),
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
    // On a tender of several lots the notices name the lot awarded.
    const about = several ? `${tender.title} ${label}` : tender.title;
    await notifyAwardResult(
      tx,
      { tenderId: input.id, lotId: lot.id, winnerSupplierId: bid.supplierId, several },
      about,
      now,
      announcement!.id,
    );

    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: input.id,
      before: { status: tender.status },
      after: {
        status,
        lotId: lot.id,
        bidId: bid.id,
        supplier: supplierName,
        reason: input.reason,
        announcementId: announcement!.id,
      },
    });
    return { announcementId: announcement!.id, bidId: bid.id };
  });
}
