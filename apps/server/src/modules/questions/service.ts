import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { formatDateTime, notificationLinks } from '@tender/contracts';
import { questionsUntilOf, type Question } from '@tender/contracts/question';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { questions, suppliers, tenders, users } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { effectiveSupplierStatus, supplierBlockReason } from '../../lib/supplier-status.js';
import type { AuthUser } from '../../plugins/auth.js';
import { notify, usersOfParticipants } from '../notifications/service.js';
import {
  signUpOf,
  tenderNotFound,
  viewerOf,
  visibleTender,
  type Viewer,
} from '../tenders/access.js';
import type { TenderRow } from '../tenders/queries.js';
import { effectiveTenderStatus } from '../tenders/status.js';

/**
 * 答疑 (EVALUATION.md §3). The asker is kept for managers only: every reply a supplier can get
 * (the list, the answer's notification) is built without reading who asked, so nothing can
 * leak it by accident — `toQuestion` takes the asker only when the caller is a manager.
 */

const questionNotFound = (id: number) => new NotFound(`答疑问题 ${id} 不存在`);

type Asker = NonNullable<Question['asker']>;

const selectQuestions = (tx: Tx) =>
  tx
    .select({
      row: questions,
      supplierName: suppliers.companyName,
      username: users.username,
    })
    .from(questions)
    .innerJoin(suppliers, eq(suppliers.id, questions.supplierId))
    .innerJoin(users, eq(users.id, questions.askedBy));
type Selected = Awaited<ReturnType<typeof selectQuestions>>[number];

/** A question as shown: `mine` for the asking company's users; the asker to managers only. */
function toQuestion(
  { row, supplierName, username }: Selected,
  caller: { supplierId: number | null; manager: boolean },
): Question {
  const asker: Asker | null = caller.manager
    ? { supplierId: row.supplierId, supplierName, username }
    : null;
  return {
    id: row.id,
    tenderId: row.tenderId,
    content: row.content,
    askedAt: row.askedAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    mine: caller.supplierId !== null && row.supplierId === caller.supplierId,
    asker,
  };
}

/** Why this company may not ask about this tender now, or null (status, clock, its own state). */
async function askRefusal(
  tx: Tx,
  tender: TenderRow,
  supplierId: number,
  now: Date,
): Promise<{ message: string; field?: string } | null> {
  const status = effectiveTenderStatus(tender, now);
  const until = questionsUntilOf(tender);
  // After the deadline (closed) questions have closed too: 答疑截止 is never later.
  if ((status === 'published' || status === 'closed') && now.getTime() >= until.getTime())
    return {
      message: `答疑已于 ${formatDateTime(until)} 截止（答疑截止时间），不能再提问`,
      field: 'questionsUntil',
    };
  if (status !== 'published') return { message: '该招标已不在投标期内，不能提问' };
  const [supplier] = await tx
    .select({ status: suppliers.status, blacklistUntil: suppliers.blacklistUntil })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  const block = supplier
    ? supplierBlockReason(effectiveSupplierStatus(supplier, now), supplier.blacklistUntil)
    : '供应商不存在';
  return block ? { message: `不能提问：${block}` } : null;
}

/** 提问: a user of an approved, signed-up company, on a published tender, before 答疑截止. */
export async function insertQuestion(
  deps: AppDeps,
  input: { tenderId: number; content: string },
  user: AuthUser,
  actor: Actor,
): Promise<Question> {
  if (user.supplierId === null) throw new Forbidden('只有已报名的供应商可以提问');
  const supplierId = user.supplierId;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // A tender it may not know of is not there (404); one it knows but did not sign up for, 403.
    const tender = await visibleTender(tx, { kind: 'bidder', supplierId }, input.tenderId);
    if (tender.status === 'draft') throw tenderNotFound(input.tenderId);
    if (!(await signUpOf(tx, tender.id, supplierId)))
      throw new Forbidden('贵公司未报名该招标，报名后才能提问');
    const refusal = await askRefusal(tx, tender, supplierId, now);
    if (refusal) throw new Conflict(refusal.message, refusal.field);
    const [created] = await tx
      .insert(questions)
      .values({
        tenderId: tender.id,
        supplierId,
        askedBy: user.userid,
        content: input.content,
        askedAt: now,
      })
      .returning({ id: questions.id });
    await recordAudit(tx, actor, {
      targetType: 'question',
      targetId: created!.id,
      after: { tenderId: tender.id, content: input.content },
    });
    const [selected] = await selectQuestions(tx).where(eq(questions.id, created!.id));
    return toQuestion(selected!, { supplierId, manager: false });
  });
}

/**
 * 答疑列表: managers, every question with its asker; a signed-up company, the answered ones
 * and its own (without the asker); anyone else 404, as if the tender were not there.
 */
export async function listQuestion(
  deps: AppDeps,
  query: PageQuery & { tenderId: number },
  user: AuthUser,
) {
  const now = deps.clock.now();
  const db = deps.db;
  const viewer: Viewer = await viewerOf(db, user);
  const tender = await visibleTender(db, viewer, query.tenderId);
  if (viewer.kind === 'bidder' && !(await signUpOf(db, tender.id, viewer.supplierId)))
    throw tenderNotFound(query.tenderId);
  const manager = viewer.kind === 'manager';
  const supplierId = viewer.kind === 'bidder' ? viewer.supplierId : null;
  const where: SQL | undefined = and(
    eq(questions.tenderId, tender.id),
    manager
      ? undefined
      : or(sql`${questions.answer} is not null`, eq(questions.supplierId, supplierId!)),
  );
  const [rows, [total]] = await Promise.all([
    selectQuestions(db)
      .where(where)
      // Waiting ones first (a manager's work; a supplier's own), then the newest.
      .orderBy(sql`${questions.answer} is null desc`, desc(questions.askedAt), desc(questions.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  const canAsk = supplierId !== null && (await askRefusal(db, tender, supplierId, now)) === null;
  return {
    ...pageOf(
      rows.map((r) => toQuestion(r, { supplierId, manager })),
      total!.n,
      query,
    ),
    questionsUntil: questionsUntilOf(tender).toISOString(),
    canAsk,
  };
}

/**
 * 答复: once. The answer is published to every signed-up company in the same transaction (a
 * notification that names the tender, never the asker) and recorded in the audit log.
 */
export async function answerQuestion(
  deps: AppDeps,
  input: { id: number; answer: string },
  user: AuthUser,
  actor: Actor,
): Promise<Question> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .select({
        id: questions.id,
        tenderId: questions.tenderId,
        answer: questions.answer,
        title: tenders.title,
      })
      .from(questions)
      .innerJoin(tenders, eq(tenders.id, questions.tenderId))
      .where(eq(questions.id, input.id))
      .for('update', { of: questions });
    if (!row) throw questionNotFound(input.id);
    if (row.answer !== null) throw new Conflict('该问题已答复，不能重复答复', 'answer');
    await tx
      .update(questions)
      .set({ answer: input.answer, answeredBy: user.userid, answeredAt: now })
      .where(eq(questions.id, row.id));
    await notify(
      tx,
      await usersOfParticipants(tx, row.tenderId),
      'question_answered',
      `${row.title}：招标人发布了答疑答复，请查看`,
      notificationLinks.tenderQuestions(row.tenderId),
      now,
    );
    await recordAudit(tx, actor, {
      targetType: 'question',
      targetId: row.id,
      before: { answer: null },
      after: { tenderId: row.tenderId, answer: input.answer, answeredAt: now },
    });
    const [selected] = await selectQuestions(tx).where(eq(questions.id, row.id));
    return toQuestion(selected!, { supplierId: user.supplierId, manager: true });
  });
}
