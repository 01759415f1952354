import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { lotLabel, notificationLinks, type deskApi, type evaluationApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { clarifications, evaluationSheets, files, lots, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { iso } from '../../lib/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { lotsOfTender, pickLot, type LotRow } from '../tenders/lots.js';
import type { SameAccountWarning } from '@tender/contracts/bond';
import { notify } from '../notifications/service.js';
import {
  activeMembers,
  assertChair,
  assertPledged,
  currentMember,
  notAMember,
  type MemberRow,
} from './members.js';
import {
  assertOpened,
  evaluatedBids,
  evaluationOf,
  latestReport,
  notOpened,
  sheetsLocked,
  type DeskLot,
  type DeskReport,
  type EvaluatedBid,
} from './lot-state.js';
import { readDesk } from './desk-read.js';
import { findOutliers } from './outliers.js';
import { checkSheet, missingEntries, missingMessage, scoredCriteria } from './sheet-rules.js';
import { sameAccountWarnings } from '../bonds/collusion.js';

/**
 * 专家评标台 (EVALUATION.md §2, "Review and scoring"): one sheet per member and lot, filled
 * alone and saved whole; submitting locks it; the chair re-opens one once, with a reason.
 * Nobody sees another member's sheet before submitting their own.
 */

type SaveSheetInput = {
  tenderId: number;
  lotId?: number;
  review: { bidId: number; pass: boolean; ground?: string | null; note?: string | null }[];
  scores: { bidId: number; criterionId: number; score: number }[];
};

/** A member at one lot's desk, every check passed. */
export interface Desk {
  member: MemberRow;
  tender: { id: number; tenderNo: string; title: string };
  lot: DeskLot;
  /** The tender has several lots: messages name the lot. */
  several: boolean;
  evaluation: evaluationApi.EvaluationView;
  report: DeskReport | null;
  bids: EvaluatedBid[];
}

/** What the desk shows around the bids: the sheets, the seats, the files, questions, bonds. */
interface DeskFacts {
  /** The lot's sheets that count (not void), by member. */
  sheets: Pick<
    SheetRow,
    'memberId' | 'review' | 'scores' | 'savedAt' | 'submittedAt' | 'reopenReason'
  >[];
  /** The members sitting now, chair first. */
  active: Pick<MemberRow, 'id' | 'name' | 'chair'>[];
  fileMap: Map<number, { id: number; name: string; size: number }>;
  openClarifications: number;
  accountWarnings: SameAccountWarning[];
}

const failedAtOpening = (lot: DeskLot) =>
  new Conflict(`${lotLabel(lot)}开标时有效投标不足，已流标，不进行评标`);

/**
 * The caller at a lot's desk: an active member of the tender's committee (404 for anyone else),
 * pledged (no bid is shown before the pledge), the bids opened, the lot not failed at the
 * opening. `lock`: the lot row is held (share) for a change, so the chair's finish, which takes
 * it for update, sees every change made before it and none after.
 */
export async function openDesk(
  tx: Tx,
  input: { tenderId: number; lotId?: number },
  user: AuthUser,
  lock = false,
): Promise<Desk> {
  const member = await currentMember(tx, input.tenderId, user.userid);
  assertPledged(member);
  const tenderLots = await lotsOfTender(tx, input.tenderId);
  const lot = pickLot(tenderLots, input.lotId);
  await assertOpened(tx, input.tenderId);
  if (lock) await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, lot.id)).for('share');
  const report = await latestReport(tx, lot.id);
  if (lot.status === 'failed' && !report) throw failedAtOpening(lot);
  const [tender] = await tx
    .select({ id: tenders.id, tenderNo: tenders.tenderNo, title: tenders.title })
    .from(tenders)
    .where(eq(tenders.id, input.tenderId));
  return {
    member,
    tender: tender!,
    lot,
    several: tenderLots.length > 1,
    evaluation: await evaluationOf(tx, input.tenderId),
    report,
    bids: await evaluatedBids(tx, lot.id),
  };
}

const frameOf = (desk: Desk) => ({
  method: desk.evaluation.method,
  criteria: desk.evaluation.criteria,
  bids: desk.bids,
});

const assertOpenSheets = (desk: Desk) => {
  if (sheetsLocked(desk.report))
    throw new Conflict('组长已完成评标（评标报告已生成），评分表不能再修改');
};

type SheetRow = typeof evaluationSheets.$inferSelect;

const reviewOf = (row: Pick<SheetRow, 'review'>): deskApi.MemberSheet['review'] =>
  row.review.map((r) => ({
    bidId: r.bidId,
    pass: r.pass,
    ground: r.ground as deskApi.RejectGround | null,
    note: r.note,
  }));

/** The lot's sheets that count: not void (a replaced member's). */
async function liveSheets(tx: Tx, lotId: number) {
  return tx
    .select()
    .from(evaluationSheets)
    .where(and(eq(evaluationSheets.lotId, lotId), isNull(evaluationSheets.voidAt)))
    .orderBy(asc(evaluationSheets.memberId));
}

async function bidFiles(tx: Tx, bids: readonly EvaluatedBid[]) {
  const ids = [...new Set(bids.flatMap((b) => b.fileIds ?? []))];
  if (!ids.length) return new Map<number, { id: number; name: string; size: number }>();
  const rows = await tx
    .select({ id: files.id, name: files.name, size: files.size })
    .from(files)
    .where(inArray(files.id, ids));
  return new Map(rows.map((row) => [row.id, { ...row, size: Number(row.size) }]));
}

/** The lot's open questions: unanswered and still within their time (the chair cannot finish). */
export async function openClarificationCount(tx: Tx, lotId: number, now: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(clarifications)
    .where(
      and(
        eq(clarifications.lotId, lotId),
        isNull(clarifications.answer),
        gt(clarifications.answerBy, now),
      ),
    );
  return row!.n;
}

/** The facts around a desk, read in the desk's transaction (after a change to it). */
async function deskFacts(tx: Tx, desk: Desk, now: Date): Promise<DeskFacts> {
  // One after another: a transaction's queries share its one connection anyway.
  return {
    sheets: await liveSheets(tx, desk.lot.id),
    active: await activeMembers(tx, desk.member.committeeId),
    fileMap: await bidFiles(tx, desk.bids),
    openClarifications: await openClarificationCount(tx, desk.lot.id, now),
    accountWarnings: await sameAccountWarnings(tx, desk.lot.id),
  };
}

const sheetView = async (tx: Tx, desk: Desk, now: Date) =>
  viewOf(desk, await deskFacts(tx, desk, now));

/** The caller's sheet as the desk shows it; others' sheets only once its own is submitted. */
function viewOf(desk: Desk, facts: DeskFacts): deskApi.Sheet {
  const { member, evaluation } = desk;
  const { sheets, active, fileMap, openClarifications, accountWarnings } = facts;
  const own = sheets.find((s) => s.memberId === member.id);
  const seated = new Map(active.map((m) => [m.id, m]));
  const submitted = sheets.filter((s) => s.submittedAt && seated.has(s.memberId));
  let others: deskApi.MemberSheet[] | null = null;
  let outliers: deskApi.Outlier[] | null = null;
  if (own?.submittedAt) {
    others = submitted
      .filter((s) => s.memberId !== member.id)
      .map((s) => ({
        memberId: s.memberId,
        name: seated.get(s.memberId)!.name,
        chair: seated.get(s.memberId)!.chair,
        review: reviewOf(s),
        scores: s.scores,
        submittedAt: iso(s.submittedAt),
        reopenReason: s.reopenReason,
      }));
    if (member.chair) outliers = findOutliers(submitted, scoredCriteria(evaluation));
  }
  return {
    tenderId: desk.tender.id,
    lotId: desk.lot.id,
    memberId: member.id,
    chair: member.chair,
    evaluation,
    criteria: evaluation.method === 'comprehensive' ? evaluation.criteria : [],
    bids: desk.bids.map((b) => ({
      bidId: b.bidId,
      supplierId: b.supplierId,
      supplierName: b.supplierName,
      totalPrice: Number(b.totalPrice),
      currency: b.currency ?? 'CNY',
      deliveryDays: b.deliveryDays,
      warrantyMonths: b.warrantyMonths,
      remark: b.remark,
      files: (b.fileIds ?? []).flatMap((id) => {
        const file = fileMap.get(id);
        return file ? [file] : [];
      }),
      submittedAt: b.submittedAt.toISOString(),
    })),
    review: own ? reviewOf(own) : [],
    scores: own?.scores ?? [],
    savedAt: iso(own?.savedAt ?? null),
    submittedAt: iso(own?.submittedAt ?? null),
    reopenReason: own?.reopenReason ?? null,
    progress: active.map((m) => ({
      memberId: m.id,
      name: m.name,
      submitted: submitted.some((s) => s.memberId === m.id),
    })),
    others,
    outliers,
    openClarifications,
    sameAccountWarnings: accountWarnings,
    report: desk.report ? { version: desk.report.version, status: desk.report.status } : null,
  };
}

/**
 * 本人评分表 as of `now`: the busiest read of an evaluation, in one statement (desk-read.ts)
 * with the same refusals, in the same order, as openDesk. `until`: the moment an open
 * question runs out, when the view no longer holds though nothing changed (null: none).
 * get-sheet keeps the written view (sheet-cache.ts).
 */
export async function readSheet(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number },
  user: AuthUser,
  now: Date,
): Promise<{ view: deskApi.Sheet; until: Date | null }> {
  const read = await readDesk(deps.db, input, user.userid, now);
  if (!read) throw notAMember(input.tenderId);
  assertPledged(read.member);
  // pickLot reads only the lots' ids; the desk's lot is the statement's, which is the same one.
  const lot = pickLot(read.lots as LotRow[], input.lotId);
  if (!read.opened) throw notOpened();
  if (lot.status === 'failed' && !read.report) throw failedAtOpening(lot);
  if (lot.id !== read.lotId) throw new Error(`desk read lot ${read.lotId}, picked ${lot.id}`);
  const desk: Desk = {
    member: read.member,
    tender: read.tender,
    lot,
    several: read.lots.length > 1,
    evaluation: read.evaluation,
    report: read.report,
    bids: read.bids,
  };
  const seated = [...read.facts.active].sort((a, b) => Number(b.chair) - Number(a.chair));
  const view = viewOf(desk, {
    ...read.facts,
    active: seated,
    accountWarnings: read.facts.accountWarnings(lot.id),
  });
  return { view, until: read.facts.openUntil };
}

const submittedConflict = () =>
  new Conflict('评分表已提交并锁定，不能再修改（如需修改，请由组长退回）');

/** 保存: the whole sheet replaces the last one, checked entry by entry; nothing half-saved. */
export async function saveSheet(
  deps: AppDeps,
  input: SaveSheetInput,
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const desk = await openDesk(tx, input, user, true);
    assertOpenSheets(desk);
    const { review, scores } = checkSheet(input, frameOf(desk));
    // A submitted sheet is left as it is: the upsert updates only a draft.
    const [saved] = await tx
      .insert(evaluationSheets)
      .values({
        tenderId: desk.tender.id,
        lotId: desk.lot.id,
        memberId: desk.member.id,
        review,
        scores,
        savedAt: now,
      })
      .onConflictDoUpdate({
        target: [evaluationSheets.lotId, evaluationSheets.memberId],
        set: { review, scores, savedAt: now },
        setWhere: isNull(evaluationSheets.submittedAt),
      })
      .returning({ id: evaluationSheets.id });
    if (!saved) throw submittedConflict();
    await recordAudit(tx, actor, {
      targetType: 'evaluation_sheet',
      targetId: saved.id,
      after: {
        lotId: desk.lot.id,
        memberId: desk.member.id,
        reviews: review.length,
        scores: scores.length,
      },
    });
    return sheetView(tx, desk, now);
  });
}

/** 提交: every bid reviewed and every passed bid scored; the sheet locks. */
export async function submitSheet(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const desk = await openDesk(tx, input, user, true);
    assertOpenSheets(desk);
    const [own] = await tx
      .select()
      .from(evaluationSheets)
      .where(
        and(eq(evaluationSheets.lotId, desk.lot.id), eq(evaluationSheets.memberId, desk.member.id)),
      )
      .for('update');
    if (own?.submittedAt) throw new Conflict('评分表已提交，不能重复提交');
    const sheet = { review: own?.review ?? [], scores: own?.scores ?? [] };
    const missing = missingEntries(sheet, frameOf(desk));
    if (missing.length) throw new Conflict(missingMessage(missing));
    const [row] = own
      ? await tx
          .update(evaluationSheets)
          .set({ submittedAt: now })
          .where(eq(evaluationSheets.id, own.id))
          .returning({ id: evaluationSheets.id })
      : await tx
          .insert(evaluationSheets)
          .values({
            tenderId: desk.tender.id,
            lotId: desk.lot.id,
            memberId: desk.member.id,
            savedAt: now,
            submittedAt: now,
          })
          .returning({ id: evaluationSheets.id });
    // The whole sheet goes into the audit chain as submitted: the report's every score is there.
    await recordAudit(tx, actor, {
      targetType: 'evaluation_sheet',
      targetId: row!.id,
      before: { submittedAt: null },
      after: { lotId: desk.lot.id, memberId: desk.member.id, submittedAt: now, ...sheet },
    });
    return sheetView(tx, desk, now);
  });
}

/** 退回: the chair re-opens a member's submitted sheet, once per member and lot, before finishing. */
export async function reopenSheet(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number; memberId: number; reason: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const desk = await openDesk(tx, input, user, true);
    assertChair(desk.member);
    assertOpenSheets(desk);
    const target = (await activeMembers(tx, desk.member.committeeId)).find(
      (m) => m.id === input.memberId,
    );
    if (!target) throw new NotFound(`委员 ${input.memberId} 不是本评标委员会的在任成员`);
    const [sheet] = await tx
      .select()
      .from(evaluationSheets)
      .where(
        and(
          eq(evaluationSheets.lotId, desk.lot.id),
          eq(evaluationSheets.memberId, target.id),
          isNull(evaluationSheets.voidAt),
        ),
      )
      .for('update');
    if (!sheet?.submittedAt) throw new Conflict(`${target.name} 尚未提交本标段的评分表，无需退回`);
    if (sheet.reopenReason !== null)
      throw new Conflict(`${target.name} 的评分表已退回过一次，每位委员每个标段只能退回一次`);
    await tx
      .update(evaluationSheets)
      .set({ submittedAt: null, reopenReason: input.reason, reopenedAt: now })
      .where(eq(evaluationSheets.id, sheet.id));
    await recordAudit(tx, actor, {
      targetType: 'evaluation_sheet',
      targetId: sheet.id,
      before: { submittedAt: sheet.submittedAt, reopenReason: null },
      after: {
        submittedAt: null,
        reopenReason: input.reason,
        reopenedAt: now,
        memberId: target.id,
      },
    });
    const about = desk.several ? `${desk.tender.title} ${lotLabel(desk.lot)}` : desk.tender.title;
    await notify(
      tx,
      [target.userId],
      'sheet_reopened',
      `${about}：组长退回了您的评分表，请修改后重新提交。理由：${input.reason}`,
      notificationLinks.evaluationDesk(desk.tender.id, desk.lot.id),
      now,
    );
    return { memberId: target.id, reopenedAt: now.toISOString() };
  });
}
