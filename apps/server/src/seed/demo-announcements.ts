import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AnnouncementCandidate } from '../db/schema/announcement.js';
import type { Tx } from '../db/client.js';
import { amountInWords, notificationLinks } from '@tender/contracts';
import {
  announcements,
  bids,
  fileChunks,
  files,
  notifications,
  objections,
  suppliers,
  tenders,
  users,
} from '../db/schema/index.js';
import { reindexAnnouncement } from '../modules/announcements/announcement-rows.js';
import { candidatesContent } from '../modules/announcements/templates.js';
import { lotsOfTender } from '../modules/tenders/lots.js';
import { demoPdf } from './demo-tenders.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Announcements in every state on the demo bid tenders (after seedDemoBids): on the opened
 * tender a revoked candidate publicity, a running one with an open and an answered objection,
 * and a draft; on the awarded tender a candidate publicity that has ended, the award's result
 * draft (left as it is), a published and a revoked result announcement.
 */
export async function seedDemoAnnouncements(tx: Tx, now = new Date()) {
  const demo = await tx
    .select({
      id: tenders.id,
      title: tenders.title,
      tenderNo: tenders.tenderNo,
      status: tenders.status,
    })
    .from(tenders)
    // Only seedDemoBids opens and awards tenders, just before this runs on a fresh database.
    .where(inArray(tenders.status, ['opened', 'awarded']));
  const opened = demo.find((d) => d.status === 'opened');
  const awarded = demo.find((d) => d.status === 'awarded');
  if (!opened || !awarded) return;
  const people = await tx
    .select({ id: users.id, username: users.username, supplierId: users.supplierId })
    .from(users)
    .where(inArray(users.username, ['manager', 'bidder1', 'bidder2', 'bidder3']));
  const person = (name: string) => people.find((p) => p.username === name)!;
  const manager = person('manager').id;
  // The demo bid tenders have one lot each: their announcements are that lot's.
  const [openedLot] = await lotsOfTender(tx, opened.id);
  const [awardedLot] = await lotsOfTender(tx, awarded.id);
  if (!openedLot || !awardedLot) return;

  const candidatesOf = async (tenderId: number): Promise<AnnouncementCandidate[]> => {
    const rows = await tx
      .select({ bid: bids, supplierName: suppliers.companyName })
      .from(bids)
      .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
      .where(and(eq(bids.tenderId, tenderId), inArray(bids.status, ['opened', 'won', 'lost'])))
      .orderBy(asc(bids.totalPrice));
    return rows.slice(0, 3).map((r, i) => ({
      rank: i + 1,
      bidId: r.bid.id,
      supplierId: r.bid.supplierId,
      supplierName: r.supplierName,
      amount: Number(r.bid.totalPrice),
      reason: i === 0 ? '投标报价最低，技术方案满足招标文件要求' : `综合评审排名第 ${i + 1}`,
    }));
  };
  const insert = async (values: Omit<typeof announcements.$inferInsert, 'createdBy'>) => {
    const [row] = await tx
      .insert(announcements)
      .values({ createdBy: manager, ...values })
      .returning({ id: announcements.id });
    await reindexAnnouncement(tx, row!.id);
    return row!.id;
  };

  // The opened tender: revoked, running (with objections), and a draft of a revised publicity.
  const openedCandidates = await candidatesOf(opened.id);
  const base = {
    tenderId: opened.id,
    lotId: openedLot.id,
    kind: 'candidates' as const,
    title: `${opened.title} 中标候选人公示`,
    content: candidatesContent(opened),
    candidates: openedCandidates,
  };
  await insert({
    ...base,
    candidates: [...openedCandidates].reverse().map((c, i) => ({ ...c, rank: i + 1 })),
    publicityStart: new Date(now.getTime() - 26 * HOUR),
    publicityEnd: new Date(now.getTime() - 26 * HOUR + 3 * DAY),
    status: 'revoked',
    revokeReason: '候选人排序录入有误，已更正后重新公示',
    publishedAt: new Date(now.getTime() - 26 * HOUR),
    createdAt: new Date(now.getTime() - 27 * HOUR),
    updatedAt: new Date(now.getTime() - 25 * HOUR),
  });
  const running = await insert({
    ...base,
    publicityStart: new Date(now.getTime() - 24 * HOUR),
    publicityEnd: new Date(now.getTime() + 2 * DAY),
    status: 'published',
    publishedAt: new Date(now.getTime() - 24 * HOUR),
    createdAt: new Date(now.getTime() - 25 * HOUR),
    updatedAt: new Date(now.getTime() - 24 * HOUR),
  });
  await insert({
    ...base,
    title: `${opened.title} 中标候选人公示（补充说明，草稿）`,
    publicityStart: now,
    publicityEnd: new Date(now.getTime() + 3 * DAY),
    status: 'draft',
    createdAt: now,
    updatedAt: now,
  });
  const objector = (name: string) => ({
    userId: person(name).id,
    supplierId: person(name).supplierId!,
  });
  await tx.insert(objections).values([
    {
      announcementId: running,
      tenderId: opened.id,
      ...objector('bidder3'),
      content: '第一中标候选人的交货期与招标文件要求不符，请复核。',
      createdAt: new Date(now.getTime() - 20 * HOUR),
      answer: '经评标委员会复核，其交货期满足招标文件第三章要求，异议不成立。',
      answeredBy: manager,
      answeredAt: new Date(now.getTime() - 4 * HOUR),
    },
    {
      announcementId: running,
      tenderId: opened.id,
      ...objector('bidder2'),
      content: '请公开第一中标候选人类似项目业绩的证明材料。',
      createdAt: new Date(now.getTime() - 2 * HOUR),
    },
  ]);
  const [open] = await tx
    .select({ id: objections.id })
    .from(objections)
    .where(and(eq(objections.announcementId, running), isNull(objections.answer)));
  // The open objection's evidence, which only the managers and its company may read.
  const evidence = demoPdf('objection evidence');
  const [file] = await tx
    .insert(files)
    .values({
      name: '类似项目业绩查询截图.pdf',
      contentType: 'application/pdf',
      size: evidence.length,
      sha256: createHash('sha256').update(evidence).digest('hex'),
      uploadedBy: person('bidder2').id,
      ownerType: 'objection',
      ownerId: open!.id,
      createdAt: new Date(now.getTime() - 2 * HOUR),
    })
    .returning({ id: files.id });
  await tx.insert(fileChunks).values({ fileId: file!.id, seq: 0, data: evidence });

  // The awarded tender: a publicity that ended before the award, and results.
  const awardedCandidates = await candidatesOf(awarded.id);
  const [result] = await tx
    .select()
    .from(announcements)
    .where(and(eq(announcements.tenderId, awarded.id), eq(announcements.kind, 'result')));
  const awardedAt = result?.createdAt ?? new Date(now.getTime() - DAY);
  await insert({
    tenderId: awarded.id,
    lotId: awardedLot.id,
    kind: 'candidates',
    title: `${awarded.title} 中标候选人公示`,
    content: candidatesContent(awarded),
    candidates: awardedCandidates,
    publicityStart: new Date(awardedAt.getTime() - 3 * DAY - 2 * HOUR),
    publicityEnd: new Date(awardedAt.getTime() - 2 * HOUR),
    status: 'published',
    publishedAt: new Date(awardedAt.getTime() - 3 * DAY - 2 * HOUR),
    createdAt: new Date(awardedAt.getTime() - 3 * DAY - 3 * HOUR),
    updatedAt: new Date(awardedAt.getTime() - 3 * DAY - 2 * HOUR),
  });
  if (!result) return;
  const amount = Number(result.amount);
  const copy = {
    tenderId: awarded.id,
    lotId: awardedLot.id,
    kind: 'result' as const,
    content: result.content,
    winnerSupplierId: result.winnerSupplierId,
    winnerName: result.winnerName,
    amount: result.amount,
  };
  await insert({
    ...copy,
    title: `${awarded.title} 中标结果公告`,
    content: result.content.replace(`（大写：${amountInWords(amount)}）`, '（大写：见附件）'),
    status: 'revoked',
    revokeReason: '中标金额大写漏填，已更正后重新发布',
    publishedAt: new Date(awardedAt.getTime() + HOUR),
    createdAt: awardedAt,
    updatedAt: new Date(awardedAt.getTime() + 2 * HOUR),
  });
  const published = await insert({
    ...copy,
    title: `${awarded.title} 中标结果公告`,
    status: 'published',
    publishedAt: new Date(awardedAt.getTime() + 3 * HOUR),
    createdAt: new Date(awardedAt.getTime() + 2 * HOUR),
    updatedAt: new Date(awardedAt.getTime() + 3 * HOUR),
  });
  // The award told the winner of its notice on the result it drafted; here the published copy.
  await tx
    .update(notifications)
    .set({ link: notificationLinks.awardNotice(published, awarded.id) })
    .where(eq(notifications.link, notificationLinks.awardNotice(result.id, awarded.id)));
}
