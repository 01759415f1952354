import { and, desc, eq } from 'drizzle-orm';
import {
  amountInWords,
  CONTRACT_DEADLINE_DAYS,
  formatDateCn,
  formatMoney,
  lotLabel,
  type AwardNotice,
} from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { announcements, awards, bids, suppliers, tenders } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import { ChineseDocument } from '../../lib/pdf.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { contractDeadlineOf } from '../contracts/deadline.js';

const noticeNotFound = (tenderId: number) => new NotFound(`招标 ${tenderId} 没有中标通知书`);

/**
 * The 中标通知书 of an awarded lot (a one-lot tender's one lot when lotId is left out): its
 * winner's users and the managers; anyone else 404.
 */
export async function awardNoticeData(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
  lotId?: number,
): Promise<AwardNotice> {
  const tenderLots = await lotsOfTender(deps.db, tenderId);
  if (tenderLots.length === 0) throw noticeNotFound(tenderId);
  const lot = pickLot(tenderLots, lotId);
  const [row] = await deps.db
    .select({
      award: awards,
      tenderNo: tenders.tenderNo,
      tenderTitle: tenders.title,
      tenderCurrency: tenders.currency,
      bidCurrency: bids.currency,
      winnerName: suppliers.companyName,
    })
    .from(awards)
    .innerJoin(tenders, eq(tenders.id, awards.tenderId))
    .innerJoin(bids, eq(bids.id, awards.bidId))
    .innerJoin(suppliers, eq(suppliers.id, awards.supplierId))
    .where(eq(awards.lotId, lot.id));
  if (!row) throw noticeNotFound(tenderId);
  const winner = user.supplierId !== null && user.supplierId === row.award.supplierId;
  if (!winner && !(await holdsPower(deps.db, user, 'menu:tender_list')))
    throw noticeNotFound(tenderId);
  const [result] = await deps.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.lotId, lot.id), eq(announcements.kind, 'result')))
    .orderBy(desc(announcements.id))
    .limit(1);
  const amount = Number(row.award.amount);
  return {
    tenderId,
    tenderNo: row.tenderNo,
    tenderTitle: row.tenderTitle,
    lotId: lot.id,
    lotNo: lot.lotNo,
    lotName: lot.name,
    lotCount: tenderLots.length,
    winnerSupplierId: row.award.supplierId,
    winnerName: row.winnerName,
    amount,
    amountInWords: amountInWords(amount),
    currency: row.bidCurrency ?? row.tenderCurrency,
    awardedAt: row.award.awardedAt.toISOString(),
    contractDeadline: contractDeadlineOf(row.award.awardedAt).toISOString(),
    announcementId: result?.id ?? null,
    tendererName: deps.config.tendererName,
  };
}

export async function awardNoticePdf(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
  lotId?: number,
) {
  const notice = await awardNoticeData(deps, tenderId, user, lotId);
  // A tender of several lots: the notice is for one lot, and says which.
  const lot = notice.lotCount > 1 ? lotLabel({ lotNo: notice.lotNo, name: notice.lotName }) : null;
  const issued = formatDateCn(notice.awardedAt);
  const doc = await ChineseDocument.create({
    title: `中标通知书 ${notice.tenderNo}`,
    date: new Date(notice.awardedAt),
  });
  doc.gap(24);
  doc.title('中标通知书', 26);
  doc.text(`${notice.winnerName}：`, { size: 13 });
  const body = { size: 12.5, firstLineIndent: 25 };
  doc.text(
    `贵单位于“${notice.tenderTitle}”（招标编号：${notice.tenderNo}）项目${lot ? `${lot}` : ''}中递交的投标文件，经评审，确定贵单位为${lot ? '该标段的' : ''}中标人。`,
    body,
  );
  doc.gap(6);
  const item = { size: 12.5, indent: 25 };
  doc.text(`招标项目：${notice.tenderTitle}`, item);
  doc.text(`招标编号：${notice.tenderNo}`, item);
  if (lot) doc.text(`中标标段：${lot}`, item);
  doc.text(`中标金额：${formatMoney(notice.amount, notice.currency)}`, item);
  doc.text(`金额大写：${notice.amountInWords}`, item);
  doc.text(`定标日期：${issued}`, item);
  doc.gap(6);
  doc.text(
    `请贵单位自本通知书发出之日起 ${CONTRACT_DEADLINE_DAYS} 日内（${formatDateCn(notice.contractDeadline)}前），按照招标文件和贵单位的投标文件与招标人订立书面合同。`,
    body,
  );
  doc.text('特此通知。', body);
  doc.gap(48);
  doc.sealBlock([`招标人：${notice.tendererName}（盖章）`, issued], 12.5);
  const suffix = lot ? `-标段${notice.lotNo}` : '';
  return { fileName: `中标通知书-${notice.tenderNo}${suffix}.pdf`, body: await doc.save() };
}
