import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { deskApi, formatDateTime, lotLabel, notificationLinks } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  clarifications,
  committeeMembers,
  files,
  lots,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { iso, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { attachFiles, registerFileReadPolicy } from '../files/service.js';
import { isSealedFile } from '../bids/files.js';
import { notify, usersOfSuppliers } from '../notifications/service.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { tenderNotFound } from '../../lib/tender-lock.js';
import { assertPledged, currentMember, membersById, notAMember } from './members.js';
import { sheetsLocked } from './lot-state.js';
import { openDesk } from './sheets.js';

/**
 * 评标澄清 (EVALUATION.md §2, R 52): a member's written question to one bidder with a time to
 * answer by, and the bidder's one answer (text and files). The answer is kept as a
 * clarification and never written into the bid: it cannot change the price or the substance.
 * Bidders never learn which member asked.
 */

/** A question may give the bidder at most this long. */
export const MAX_ANSWER_DAYS = 7;
const MINUTE = 60_000;

const clarificationNotFound = (id: number) => new NotFound(`澄清 ${id} 不存在`);

const selectClarifications = (tx: Tx) =>
  tx
    .select({
      row: clarifications,
      tenderNo: tenders.tenderNo,
      tenderTitle: tenders.title,
      lotNo: lots.lotNo,
      lotName: lots.name,
      supplierName: suppliers.companyName,
    })
    .from(clarifications)
    .innerJoin(tenders, eq(tenders.id, clarifications.tenderId))
    .innerJoin(lots, eq(lots.id, clarifications.lotId))
    .innerJoin(suppliers, eq(suppliers.id, clarifications.supplierId));
type Selected = Awaited<ReturnType<typeof selectClarifications>>[number];

/** open / answered / unanswered, derived from the clock (no job marks a question late). */
export const clarificationStatus = (
  row: { answer: string | null; answerBy: Date },
  now: Date,
): deskApi.Clarification['status'] =>
  row.answer !== null ? 'answered' : row.answerBy > now ? 'open' : 'unanswered';

/** The rows as shown; `withAsker` for members and managers only (bidders never see names). */
async function toClarifications(
  tx: Tx,
  selected: Selected[],
  now: Date,
  withAsker: boolean,
): Promise<deskApi.Clarification[]> {
  const fileIds = [...new Set(selected.flatMap((s) => s.row.answerFileIds ?? []))];
  const [fileRows, askers] = await Promise.all([
    fileIds.length
      ? tx
          .select({ id: files.id, name: files.name, size: files.size })
          .from(files)
          .where(inArray(files.id, fileIds))
      : [],
    withAsker ? membersById(tx, [...new Set(selected.map((s) => s.row.memberId))]) : new Map(),
  ]);
  const fileMap = new Map(fileRows.map((f) => [f.id, { ...f, size: Number(f.size) }]));
  return selected.map(({ row, ...s }) => ({
    id: row.id,
    tenderId: row.tenderId,
    tenderNo: s.tenderNo,
    tenderTitle: s.tenderTitle,
    lotId: row.lotId,
    lotNo: s.lotNo,
    lotName: s.lotName,
    bidId: row.bidId,
    supplierId: row.supplierId,
    supplierName: s.supplierName,
    askedBy: withAsker ? (askers.get(row.memberId)?.name ?? null) : null,
    question: row.question,
    answerBy: row.answerBy.toISOString(),
    askedAt: row.askedAt.toISOString(),
    answer: row.answer,
    answerFiles: (row.answerFileIds ?? []).flatMap((id) => fileMap.get(id) ?? []),
    answeredAt: iso(row.answeredAt),
    status: clarificationStatus(row, now),
  }));
}

async function oneClarification(tx: Tx, id: number, now: Date, withAsker: boolean) {
  const rows = await selectClarifications(tx).where(eq(clarifications.id, id));
  return (await toClarifications(tx, rows, now, withAsker))[0]!;
}

/** 发起澄清: by a pledged member, to an evaluated bid of the lot, while the sheets are open. */
export async function askClarification(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number; bidId: number; question: string; answerBy: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const desk = await openDesk(tx, input, user, true);
    if (sheetsLocked(desk.report))
      throw new Conflict('组长已完成评标（评标报告已生成），不能再发起澄清');
    const bid = desk.bids.find((b) => b.bidId === input.bidId);
    if (!bid) throw new Invalid('bidId', `投标 ${input.bidId} 不是本标段的有效投标`);
    const answerBy = new Date(input.answerBy);
    if (answerBy.getTime() < now.getTime() + deskApi.MIN_ANSWER_MINUTES * MINUTE)
      throw new Invalid(
        'answerBy',
        `答复期限至少在 ${deskApi.MIN_ANSWER_MINUTES} 分钟之后（当前时间 ${formatDateTime(now)}）`,
      );
    if (answerBy.getTime() > now.getTime() + MAX_ANSWER_DAYS * 24 * 60 * MINUTE)
      throw new Invalid('answerBy', `答复期限最多在 ${MAX_ANSWER_DAYS} 天之内`);
    const asked = {
      tenderId: desk.tender.id,
      lotId: desk.lot.id,
      bidId: bid.bidId,
      supplierId: bid.supplierId,
      memberId: desk.member.id,
      question: input.question,
      answerBy,
    };
    const [created] = await tx
      .insert(clarifications)
      .values({ ...asked, askedAt: now })
      .returning({ id: clarifications.id });
    const id = created!.id;
    await recordAudit(tx, actor, { targetType: 'clarification', targetId: id, after: asked });
    // The bidder learns that the committee asks, never who.
    const about = desk.several ? `${desk.tender.title} ${lotLabel(desk.lot)}` : desk.tender.title;
    await notify(
      tx,
      await usersOfSuppliers(tx, [bid.supplierId]),
      'clarification_asked',
      `${about}：评标委员会向贵公司发出澄清问题，请于 ${formatDateTime(answerBy)} 前答复`,
      notificationLinks.clarification(id),
      now,
    );
    return oneClarification(tx, id, now, true);
  });
}

/** The lot's clarifications: its pledged members and the managers; anyone else 404. */
export async function listClarification(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number },
  user: AuthUser,
) {
  const now = deps.clock.now();
  const tx = deps.db;
  const member = await currentMember(tx, input.tenderId, user.userid).catch(() => null);
  if (member) assertPledged(member);
  else if (!(await holdsPower(tx, user, 'menu:tender_list'))) throw notAMember(input.tenderId);
  const tenderLots = await lotsOfTender(tx, input.tenderId);
  if (!tenderLots.length) throw tenderNotFound(input.tenderId);
  const lot = pickLot(tenderLots, input.lotId);
  return clarificationsOfLot(tx, lot.id, now, 'newest');
}

/** A lot's clarifications with their askers: newest first for the desk, oldest first in the report. */
export async function clarificationsOfLot(
  tx: Tx,
  lotId: number,
  now: Date,
  order: 'newest' | 'oldest',
): Promise<deskApi.Clarification[]> {
  const by = order === 'newest' ? desc : asc;
  const rows = await selectClarifications(tx)
    .where(eq(clarifications.lotId, lotId))
    .orderBy(by(clarifications.askedAt), by(clarifications.id));
  return toClarifications(tx, rows, now, true);
}

/** 评标澄清 (bidder): the questions to the caller's company, newest first, without the asker. */
export async function listMyClarification(deps: AppDeps, query: PageQuery, user: AuthUser) {
  const now = deps.clock.now();
  if (user.supplierId === null) return pageOf([], 0, query);
  const mine = eq(clarifications.supplierId, user.supplierId);
  const [rows, [total]] = await Promise.all([
    selectClarifications(deps.db)
      .where(mine)
      .orderBy(desc(clarifications.askedAt), desc(clarifications.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(clarifications).where(mine),
  ]);
  return pageOf(await toClarifications(deps.db, rows, now, false), total!.n, query);
}

/** 答复澄清: the addressed company, once, before its time; files are the caller's own uploads. */
export async function answerClarification(
  deps: AppDeps,
  input: { id: number; answer: string; fileIds: number[] },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(clarifications)
      .where(eq(clarifications.id, input.id))
      .for('update');
    if (!row || user.supplierId === null || row.supplierId !== user.supplierId)
      throw clarificationNotFound(input.id);
    if (row.answer !== null) throw new Conflict('该澄清已答复，不能重复答复');
    if (row.answerBy <= now)
      throw new Conflict(`已超过答复期限（${formatDateTime(row.answerBy)}），不能再答复`);
    const fileIds = [...new Set(input.fileIds)];
    // A sealed bid upload would be unreadable here: an answer's files are plain uploads.
    if (fileIds.length) {
      const sealed = await tx
        .select({ id: files.id, sha256: files.sha256 })
        .from(files)
        .where(inArray(files.id, fileIds));
      const bad = sealed.find((f) => isSealedFile(f));
      if (bad)
        throw new Invalid('fileIds', `文件 ${bad.id} 是以投标文件方式上传的，请以普通附件重新上传`);
    }
    await attachFiles(tx, {
      fileIds,
      ownerType: 'clarification',
      ownerId: row.id,
      userId: user.userid,
      now,
    });
    await tx
      .update(clarifications)
      .set({
        answer: input.answer,
        answerFileIds: fileIds,
        answeredAt: now,
        answeredBy: user.userid,
      })
      .where(eq(clarifications.id, row.id));
    await recordAudit(tx, actor, {
      targetType: 'clarification',
      targetId: row.id,
      before: { answer: null },
      after: { answer: input.answer, fileIds, answeredAt: now },
    });
    const [asker] = await tx
      .select({ userId: committeeMembers.userId })
      .from(committeeMembers)
      .where(and(eq(committeeMembers.id, row.memberId), eq(committeeMembers.status, 'active')));
    const answered = await oneClarification(tx, row.id, now, false);
    if (asker)
      await notify(
        tx,
        [asker.userId],
        'clarification_answered',
        `${answered.tenderTitle} 标段 ${answered.lotNo}：${answered.supplierName} 已答复您的澄清问题`,
        notificationLinks.evaluationDesk(row.tenderId, row.lotId),
        now,
      );
    return answered;
  });
}

/**
 * An answer's files: the answering company's users, the committee's pledged members and the
 * managers; nobody else (404).
 */
registerFileReadPolicy('clarification', async ({ db, user, file }) => {
  if (!user) return { allowed: false };
  const [row] = await db
    .select({ supplierId: clarifications.supplierId, tenderId: clarifications.tenderId })
    .from(clarifications)
    .where(eq(clarifications.id, file.ownerId));
  if (!row) return { allowed: false };
  if (user.supplierId !== null && user.supplierId === row.supplierId) return { allowed: true };
  const member = await currentMember(db, row.tenderId, user.userid).catch(() => null);
  if (member?.pledgedAt) return { allowed: true };
  return { allowed: await holdsPower(db, user, 'menu:tender_list') };
});
