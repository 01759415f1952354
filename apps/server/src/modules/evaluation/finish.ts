import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { lotLabel, reportApi, type deskApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  bids,
  clarifications,
  evaluationReports,
  evaluationSheets,
  lots,
  tenders,
} from '../../db/schema/index.js';
import { canonicalJson } from '../../lib/audit-chain.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict } from '../../lib/errors.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { sha256Hex } from '../../lib/seal.js';
import type { AuthUser } from '../../plugins/auth.js';
import { lotsOfTender, pickLot, type LotRow } from '../tenders/lots.js';
import { openedEntries } from '../opening/record-entries.js';
import {
  activeMembers,
  assertChair,
  assertPledged,
  currentMember,
  type MemberRow,
} from './members.js';
import {
  assertOpened,
  evaluatedBids,
  latestReport,
  sheetsLocked,
  evaluationOf,
  type ReportRow,
} from './lot-state.js';
import { findOutliers } from './outliers.js';
import { clarificationsOfLot } from './clarifications.js';
import {
  distinctGrounds,
  insufficientDecision,
  rankingOf,
  rejectionsOf,
  type BidUnderReview,
  type FinishDecision,
} from './report.js';
import { reportView } from './report-view.js';

type TenderRow = typeof tenders.$inferSelect;

/** A version's digest: SHA-256 of its content with every object's keys sorted. */
export const reportDigest = (content: reportApi.EvaluationReportContent) =>
  sha256Hex(canonicalJson(content));

/**
 * 完成评标 (EVALUATION.md §2, "The result and the report"): the chair, once every active member
 * has submitted and no clarification is open. Rejections by majority, the decision on too few
 * valid bids, the ranking and the candidates are computed and stored as a new report version
 * (status signing) with its digest, in one transaction under the tender's lock.
 */
export async function finishEvaluation(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number } & FinishDecision,
  user: AuthUser,
  actor: Actor,
): Promise<reportApi.EvaluationReport> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { tender, tenderLots, lot, latest, members } = await lotToFinish(tx, input, user);
    const sheets = await submittedSheets(tx, lot.id, members);
    await assertNoOpenClarification(tx, lot.id, now);
    // A re-finish after a return weighs every bid afresh.
    await tx
      .update(bids)
      .set({ status: 'opened', rejectGrounds: null })
      .where(and(eq(bids.lotId, lot.id), eq(bids.status, 'rejected')));
    const content = await composeReport(tx, { tender, lot, members, sheets, latest, now }, input);
    const digest = reportDigest(content);

    for (const rejection of content.rejections)
      await tx
        .update(bids)
        .set({ status: 'rejected', rejectGrounds: distinctGrounds(rejection) })
        .where(eq(bids.id, rejection.bidId));
    const failed = content.outcome === 'failed';
    const tenderStatus = failed ? await failLot(tx, tender, tenderLots, lot, now) : tender.status;
    const [row] = await tx
      .insert(evaluationReports)
      .values({
        tenderId: tender.id,
        lotId: lot.id,
        version: content.version,
        status: 'signing',
        outcome: content.outcome,
        content,
        digest,
        createdAt: now,
        createdBy: user.userid,
      })
      .returning();
    await recordAudit(tx, actor, {
      targetType: 'evaluation_report',
      targetId: row!.id,
      before: latest ? { version: latest.version, status: latest.status } : null,
      after: {
        tenderId: tender.id,
        lotId: lot.id,
        version: content.version,
        status: 'signing',
        outcome: content.outcome,
        digest,
        rejected: content.rejections.map((r) => r.bidId),
        candidates: content.candidates.map((c) => c.bidId),
        insufficient: content.insufficient,
        ...(tenderStatus !== tender.status ? { tenderStatus } : {}),
      },
    });
    return reportView(tx, row!);
  });
}

/** The lot the chair may finish now: opened, neither failed nor awarded, not finished already. */
async function lotToFinish(tx: Tx, input: { tenderId: number; lotId?: number }, user: AuthUser) {
  const tender = await lockTender(tx, input.tenderId, 'update');
  if (!tender) throw tenderNotFound(input.tenderId);
  const chair = await currentMember(tx, tender.id, user.userid);
  assertPledged(chair);
  assertChair(chair);
  await assertOpened(tx, tender.id);
  const tenderLots = await lotsOfTender(tx, tender.id);
  const lot = pickLot(tenderLots, input.lotId);
  const label = lotLabel(lot);
  const latest = await latestReport(tx, lot.id);
  if (sheetsLocked(latest))
    throw new Conflict(
      `${label}已完成评标（评标报告第 ${latest!.version} 版，${reportApi.REPORT_STATUS_LABELS[latest!.status]}），不能重复完成`,
    );
  if (lot.status === 'failed') throw new Conflict(`${label}开标时有效投标不足，已流标，无需评标`);
  if (lot.status === 'awarded') throw new Conflict(`${label}已定标，不能再完成评标`);
  const members = await activeMembers(tx, chair.committeeId);
  return { tender, tenderLots, lot, latest, members };
}

type SubmittedMemberSheet = Awaited<ReturnType<typeof submittedSheets>>[number];

/** The new version's content: everything the committee decided, as computed from its sheets. */
async function composeReport(
  tx: Tx,
  at: {
    tender: TenderRow;
    lot: LotRow;
    members: MemberRow[];
    sheets: SubmittedMemberSheet[];
    latest: ReportRow | null;
    now: Date;
  },
  decision: FinishDecision,
): Promise<reportApi.EvaluationReportContent> {
  const { tender, lot, members, sheets } = at;
  const underReview = await bidsUnderReview(tx, tender.id, lot.id);
  const evaluation = await evaluationOf(tx, tender.id);
  const rejections = rejectionsOf(underReview, sheets);
  const rejected = new Set(rejections.map((r) => r.bidId));
  const valid = underReview.filter((bid) => !rejected.has(bid.bidId));
  const insufficient = insufficientDecision(valid.length, lot.minBids, decision);
  const failed = insufficient?.decision === 'fail';
  const ranking = failed ? [] : rankingOf(valid, evaluation, sheets);
  return {
    tenderId: tender.id,
    tenderNo: tender.tenderNo,
    tenderTitle: tender.title,
    lotId: lot.id,
    lotNo: lot.lotNo,
    lotName: lot.name,
    version: (at.latest?.version ?? 0) + 1,
    createdAt: at.now.toISOString(),
    evaluation,
    members: members.map((m) => ({
      memberId: m.id,
      name: m.name,
      employer: m.employer,
      title: m.title,
      kind: m.kind,
      chair: m.chair,
    })),
    minBids: lot.minBids,
    openedValid: underReview.length,
    validCount: valid.length,
    insufficient,
    outcome: failed ? 'failed' : 'ranked',
    ranking,
    candidates: ranking.slice(0, evaluation.candidates),
    rejections,
    sheets: sheets.map((sheet) => ({
      ...sheet,
      // The desk stores only R 51's grounds (its contract refuses any other).
      review: sheet.review as deskApi.MemberSheet['review'],
      submittedAt: sheet.submittedAt.toISOString(),
    })),
    clarifications: await clarificationsOfLot(tx, lot.id, at.now, 'oldest'),
    outliers: findOutliers(
      sheets,
      evaluation.criteria.filter((c) => c.kind !== 'price'),
    ),
  };
}

/** Every active member's submitted, non-void sheet of the lot; 409 naming whoever has none. */
async function submittedSheets(tx: Tx, lotId: number, members: MemberRow[]) {
  const rows = await tx
    .select()
    .from(evaluationSheets)
    .where(
      and(
        eq(evaluationSheets.lotId, lotId),
        inArray(
          evaluationSheets.memberId,
          members.map((m) => m.id),
        ),
        isNotNull(evaluationSheets.submittedAt),
        isNull(evaluationSheets.voidAt),
      ),
    );
  const byMember = new Map(rows.map((row) => [row.memberId, row]));
  const missing = members.filter((m) => !byMember.has(m.id)).map((m) => m.name);
  if (missing.length)
    throw new Conflict(`以下委员尚未提交评分表，不能完成评标：${missing.join('、')}`);
  return members.map((m) => {
    const row = byMember.get(m.id)!;
    return {
      memberId: m.id,
      name: m.name,
      chair: m.chair,
      review: row.review,
      scores: row.scores,
      submittedAt: row.submittedAt!,
      reopenReason: row.reopenReason,
    };
  });
}

async function assertNoOpenClarification(tx: Tx, lotId: number, now: Date) {
  const open = await tx
    .select({ id: clarifications.id })
    .from(clarifications)
    .where(
      and(
        eq(clarifications.lotId, lotId),
        isNull(clarifications.answer),
        gt(clarifications.answerBy, now),
      ),
    );
  if (open.length)
    throw new Conflict(
      `该标段有 ${open.length} 个评标澄清尚待投标人答复（答复期限未到），不能完成评标`,
    );
}

/** The evaluated bids with the price the opening record read out (the legal one). */
async function bidsUnderReview(tx: Tx, tenderId: number, lotId: number) {
  const entries = new Map(
    ((await openedEntries(tx, tenderId, lotId)) ?? []).map((e) => [e.bidId, e]),
  );
  return (await evaluatedBids(tx, lotId)).map((bid): BidUnderReview => ({
    bidId: bid.bidId,
    supplierId: bid.supplierId,
    supplierName: bid.supplierName,
    price: entries.get(bid.bidId)?.totalPrice ?? Number(bid.totalPrice),
    submittedAt: bid.submittedAt.toISOString(),
  }));
}

/**
 * The committee's `fail`: the lot fails, and the tender with it once no lot is left open
 * (failed when every lot failed, awarded when at least one was awarded).
 */
async function failLot(tx: Tx, tender: TenderRow, tenderLots: LotRow[], lot: LotRow, now: Date) {
  await tx
    .update(lots)
    .set({ status: 'failed', failedAt: now, updatedAt: now })
    .where(eq(lots.id, lot.id));
  const statuses = tenderLots.map((other) => (other.id === lot.id ? 'failed' : other.status));
  const status = statuses.every((s) => s === 'failed')
    ? 'failed'
    : statuses.every((s) => s !== 'active')
      ? 'awarded'
      : tender.status;
  if (status !== tender.status)
    await tx.update(tenders).set({ status, updatedAt: now }).where(eq(tenders.id, tender.id));
  return status;
}
