import { and, count, desc, eq, gt, inArray, isNull, isNotNull } from 'drizzle-orm';
import { notificationLinks, OBJECTION_ANSWER_DAYS, type Objection } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  announcements,
  bids,
  files,
  objections,
  participations,
  suppliers,
  tenders,
  users,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { attachFiles, registerFileReadPolicy } from '../files/service.js';
import { notify, usersHoldingPower } from '../notifications/service.js';
import { announcementNotFound, DAY_MS, publicityStateOf } from './announcement-rows.js';

const objectionNotFound = (id: number) => new NotFound(`异议 ${id} 不存在`);

/** Managers answer objections (and read them all); a supplier reads its own only. */
const isObjectionManager = (db: AppDeps['db'], user: AuthUser) =>
  holdsPower(db, user, 'objection:answer');

function selectObjections(tx: Tx) {
  return tx
    .select({
      o: objections,
      announcementTitle: announcements.title,
      tenderNo: tenders.tenderNo,
      tenderTitle: tenders.title,
      supplierName: suppliers.companyName,
      answeredByName: users.realName,
    })
    .from(objections)
    .innerJoin(announcements, eq(announcements.id, objections.announcementId))
    .innerJoin(tenders, eq(tenders.id, objections.tenderId))
    .innerJoin(suppliers, eq(suppliers.id, objections.supplierId))
    .leftJoin(users, eq(users.id, objections.answeredBy));
}
type ObjectionRow = Awaited<ReturnType<typeof selectObjections>>[number];

async function toObjections(tx: Tx, rows: ObjectionRow[], now: Date): Promise<Objection[]> {
  const ids = rows.map((r) => r.o.id);
  const attached = ids.length
    ? await tx
        .select({ id: files.id, name: files.name, ownerId: files.ownerId })
        .from(files)
        .where(and(eq(files.ownerType, 'objection'), inArray(files.ownerId, ids)))
        .orderBy(files.id)
    : [];
  return rows.map(({ o, ...r }) => {
    const due = new Date(o.createdAt.getTime() + OBJECTION_ANSWER_DAYS * DAY_MS);
    return {
      id: o.id,
      announcementId: o.announcementId,
      announcementTitle: r.announcementTitle,
      tenderId: o.tenderId,
      tenderNo: r.tenderNo,
      tenderTitle: r.tenderTitle,
      supplierId: o.supplierId,
      supplierName: r.supplierName,
      content: o.content,
      files: attached.filter((f) => f.ownerId === o.id).map((f) => ({ id: f.id, name: f.name })),
      createdAt: o.createdAt.toISOString(),
      answerDueAt: due.toISOString(),
      status: o.answer === null ? 'open' : 'answered',
      overdue: o.answer === null && now.getTime() > due.getTime(),
      answer: o.answer,
      answeredAt: o.answeredAt ? o.answeredAt.toISOString() : null,
      answeredByName: o.answer === null ? null : r.answeredByName,
    };
  });
}

async function tookPart(tx: Tx, tenderId: number, supplierId: number) {
  const [signedUp] = await tx
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.tenderId, tenderId), eq(participations.supplierId, supplierId)));
  if (signedUp) return true;
  const [bid] = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.tenderId, tenderId), eq(bids.supplierId, supplierId)));
  return bid !== undefined;
}

/**
 * 提出异议: a company that took part in the tender (signed up or bid), while the publicity of a
 * published announcement runs. The same text from the same company within a second is 409.
 * The managers are told in the same transaction.
 */
export async function insertObjection(
  deps: AppDeps,
  input: { announcementId: number; content: string; fileIds: number[] },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [announcement] = await tx
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, input.announcementId), eq(announcements.status, 'published')))
      .for('update');
    if (!announcement) throw announcementNotFound(input.announcementId);
    if (!user.supplierId || !(await tookPart(tx, announcement.tenderId, user.supplierId)))
      throw new Forbidden('只有参与本招标（已报名或已投标）的供应商可以提出异议');
    const state = publicityStateOf(announcement.publicityStart, announcement.publicityEnd, now);
    if (state !== 'running')
      throw new Conflict(
        state === 'before'
          ? '公示期尚未开始，暂不能提出异议'
          : state === 'ended'
            ? '公示期已结束，不能再提出异议'
            : '该公告没有公示期，不能提出异议',
      );
    const [duplicate] = await tx
      .select({ id: objections.id })
      .from(objections)
      .where(
        and(
          eq(objections.announcementId, announcement.id),
          eq(objections.supplierId, user.supplierId),
          eq(objections.content, input.content),
          gt(objections.createdAt, new Date(now.getTime() - 1000)),
        ),
      );
    if (duplicate) throw new Conflict('同一异议内容刚刚已提交，请勿重复提交', 'content');

    const [created] = await tx
      .insert(objections)
      .values({
        announcementId: announcement.id,
        tenderId: announcement.tenderId,
        supplierId: user.supplierId,
        userId: user.userid,
        content: input.content,
        createdAt: now,
      })
      .returning({ id: objections.id });
    const id = created!.id;
    await attachFiles(tx, {
      fileIds: input.fileIds,
      ownerType: 'objection',
      ownerId: id,
      userId: user.userid,
      now,
    });
    await recordAudit(tx, actor, {
      targetType: 'objection',
      targetId: id,
      after: { announcementId: announcement.id, fileIds: input.fileIds },
    });
    await notify(
      tx,
      await usersHoldingPower(tx, 'objection:answer'),
      'objection_filed',
      `${announcement.title}：收到一条异议，请在 ${OBJECTION_ANSWER_DAYS} 日内答复`,
      notificationLinks.objection(announcement.id, id),
      now,
    );
    const rows = await selectObjections(tx).where(eq(objections.id, id));
    return (await toObjections(tx, rows, now))[0]!;
  });
}

/** 答复异议: once, by a manager; the objector is told. */
export async function answerObjection(
  deps: AppDeps,
  input: { id: number; answer: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(objections)
      .where(eq(objections.id, input.id))
      .for('update');
    if (!before) throw objectionNotFound(input.id);
    if (before.answer !== null) throw new Conflict('该异议已答复，不能重复答复');
    await tx
      .update(objections)
      .set({ answer: input.answer, answeredBy: user.userid, answeredAt: now })
      .where(eq(objections.id, input.id));
    await recordAudit(tx, actor, {
      targetType: 'objection',
      targetId: input.id,
      before: { answer: null },
      after: { answer: input.answer },
    });
    const rows = await selectObjections(tx).where(eq(objections.id, input.id));
    const [answered] = await toObjections(tx, rows, now);
    await notify(
      tx,
      [before.userId],
      'objection_answered',
      `${answered!.announcementTitle}：您提出的异议已答复`,
      notificationLinks.objection(before.announcementId, input.id),
      now,
    );
    return answered!;
  });
}

export async function listObjections(
  deps: AppDeps,
  query: PageQuery & { tenderId?: number; announcementId?: number; status?: 'open' | 'answered' },
  user: AuthUser,
) {
  const now = deps.clock.now();
  const manager = await isObjectionManager(deps.db, user);
  if (!manager && !user.supplierId) return pageOf([], 0, query);
  const where = and(
    manager ? undefined : eq(objections.supplierId, user.supplierId!),
    query.tenderId ? eq(objections.tenderId, query.tenderId) : undefined,
    query.announcementId ? eq(objections.announcementId, query.announcementId) : undefined,
    query.status === 'open'
      ? isNull(objections.answer)
      : query.status === 'answered'
        ? isNotNull(objections.answer)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectObjections(deps.db)
      .where(where)
      .orderBy(desc(objections.createdAt), desc(objections.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(objections).where(where),
  ]);
  return pageOf(await toObjections(deps.db, rows, now), total!.n, query);
}

/** An objection's files: the objecting company's users and the managers; nobody else (404). */
registerFileReadPolicy('objection', async ({ db, user, file }) => {
  if (!user) return { allowed: false };
  const [row] = await db
    .select({ supplierId: objections.supplierId })
    .from(objections)
    .where(eq(objections.id, file.ownerId));
  if (!row) return { allowed: false };
  if (user.supplierId !== null && user.supplierId === row.supplierId) return { allowed: true };
  return { allowed: await holdsPower(db, user, 'objection:answer') };
});
