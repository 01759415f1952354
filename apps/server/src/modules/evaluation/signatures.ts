import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { lotLabel, reportApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  announcements,
  bids,
  evaluationReports,
  evaluationSheets,
  lots,
  reportSignatures,
  tenders,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import type { AuthUser } from '../../plugins/auth.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { latestReport, type ReportRow } from './lot-state.js';
import { activeMembers, assertPledged, committeeOfTender, currentMember } from './members.js';
import { reportView } from './report-view.js';

const NO_REPORT = '评标报告尚未生成（组长完成评标后方可签字或退回）';

/**
 * The audit row of a signature or a return: the version it acted on (its tender, lot, number
 * and digest, its status before) and what the step changed.
 */
function auditReport(
  tx: Tx,
  actor: Actor,
  report: ReportRow,
  lot: { id: number; tenderId: number },
  change: Record<string, unknown>,
) {
  return recordAudit(tx, actor, {
    targetType: 'evaluation_report',
    targetId: report.id,
    before: { status: report.status },
    after: {
      tenderId: lot.tenderId,
      lotId: lot.id,
      version: report.version,
      digest: report.digest,
      ...change,
    },
  });
}

/**
 * 签字 (R 53): every active member signs the newest version once, agreeing or dissenting in
 * writing; the version is final when the last one has signed.
 */
export async function signReport(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number; agree: boolean; dissent?: string },
  user: AuthUser,
  actor: Actor,
): Promise<reportApi.EvaluationReport> {
  if (!input.agree && !input.dissent)
    throw new Invalid('dissent', '不同意评标结论时，必须书面说明不同意理由');
  if (input.agree && input.dissent) throw new Invalid('dissent', reportApi.DISSENT_WITH_AGREE);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The tender's lock: two last signatures at once still make the version final exactly once.
    const tender = await lockTender(tx, input.tenderId, 'update');
    if (!tender) throw tenderNotFound(input.tenderId);
    const member = await currentMember(tx, tender.id, user.userid);
    assertPledged(member);
    const lot = pickLot(await lotsOfTender(tx, tender.id), input.lotId);
    const report = await latestReport(tx, lot.id);
    if (!report) throw new Conflict(NO_REPORT);
    if (report.status === 'final')
      throw new Conflict(`评标报告第 ${report.version} 版已由全体委员签字生效，不能再签字`);
    if (report.status === 'returned')
      throw new Conflict(`评标报告第 ${report.version} 版已退回，请待组长重新完成评标后签署新版本`);
    const [already] = await tx
      .select({ signedAt: reportSignatures.signedAt })
      .from(reportSignatures)
      .where(
        and(eq(reportSignatures.reportId, report.id), eq(reportSignatures.memberId, member.id)),
      );
    if (already) throw new Conflict(`您已签署评标报告第 ${report.version} 版，不能重复签字`);

    await tx.insert(reportSignatures).values({
      reportId: report.id,
      memberId: member.id,
      agree: input.agree,
      dissent: input.agree ? null : input.dissent!,
      signedAt: now,
    });
    const signed = new Set(
      (
        await tx
          .select({ memberId: reportSignatures.memberId })
          .from(reportSignatures)
          .where(eq(reportSignatures.reportId, report.id))
      ).map((s) => s.memberId),
    );
    const everyone = (await activeMembers(tx, member.committeeId)).every((m) => signed.has(m.id));
    const [row] = everyone
      ? await tx
          .update(evaluationReports)
          .set({ status: 'final', finalAt: now })
          .where(eq(evaluationReports.id, report.id))
          .returning()
      : [report];
    await auditReport(tx, actor, report, lot, {
      memberId: member.id,
      agree: input.agree,
      dissent: input.agree ? null : input.dissent,
      status: row!.status,
    });
    return reportView(tx, row!);
  });
}

/**
 * 退回 (发改法规〔2022〕1117号): a manager returns a final version, before the lot's candidates
 * are published, once per reason. The members' sheets re-open (the chair's once-only re-open
 * stays used), and what the version decided is undone: its rejections, and a lot it failed.
 */
export async function returnReport(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number; reason: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  const reason = input.reason.trim();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.tenderId, 'update');
    if (!tender) throw tenderNotFound(input.tenderId);
    const lot = pickLot(await lotsOfTender(tx, tender.id), input.lotId);
    const label = lotLabel(lot);
    const report = await latestReport(tx, lot.id);
    if (!report) throw new Conflict(NO_REPORT);
    if (report.status === 'signing')
      throw new Conflict(`评标报告第 ${report.version} 版尚在签字，未生效，不能退回`);
    if (report.status === 'returned')
      throw new Conflict(`评标报告第 ${report.version} 版已退回，待组长重新完成评标`);
    const [published] = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(
        and(
          eq(announcements.lotId, lot.id),
          eq(announcements.kind, 'candidates'),
          eq(announcements.status, 'published'),
        ),
      );
    if (published) throw new Conflict(`${label}的中标候选人已公示，不能再退回评标报告`);
    const earlier = await tx
      .select({ version: evaluationReports.version, reason: evaluationReports.returnReason })
      .from(evaluationReports)
      .where(and(eq(evaluationReports.lotId, lot.id), isNotNull(evaluationReports.returnReason)));
    const same = earlier.find((r) => r.reason!.trim() === reason);
    if (same)
      throw new Conflict(
        `评标报告第 ${same.version} 版已因同一理由退回过，每个理由只能退回一次`,
        'reason',
      );

    await tx
      .update(evaluationReports)
      .set({ status: 'returned', returnedAt: now, returnedBy: user.userid, returnReason: reason })
      .where(eq(evaluationReports.id, report.id));
    const committee = await committeeOfTender(tx, tender.id);
    const sitting = committee ? await activeMembers(tx, committee.id) : [];
    if (sitting.length)
      await tx
        .update(evaluationSheets)
        .set({ submittedAt: null })
        .where(
          and(
            eq(evaluationSheets.lotId, lot.id),
            inArray(
              evaluationSheets.memberId,
              sitting.map((m) => m.id),
            ),
            isNull(evaluationSheets.voidAt),
          ),
        );
    const content = report.content as reportApi.EvaluationReportContent;
    const rejected = content.rejections.map((r) => r.bidId);
    if (rejected.length)
      await tx
        .update(bids)
        .set({ status: 'opened', rejectGrounds: null })
        .where(and(inArray(bids.id, rejected), eq(bids.status, 'rejected')));
    const revived = report.outcome === 'failed' && lot.status === 'failed';
    if (revived) {
      await tx
        .update(lots)
        .set({ status: 'active', failedAt: null, updatedAt: now })
        .where(eq(lots.id, lot.id));
      // The tender is no longer settled while this lot is open again.
      if (tender.status === 'failed' || tender.status === 'awarded')
        await tx
          .update(tenders)
          .set({ status: 'opened', updatedAt: now })
          .where(eq(tenders.id, tender.id));
    }
    await auditReport(tx, actor, report, lot, {
      status: 'returned',
      reason,
      reopenedSheets: sitting.map((m) => m.id),
      restoredBids: rejected,
      ...(revived ? { lotStatus: 'active' } : {}),
    });
    return { version: report.version, returnedAt: now.toISOString() };
  });
}
