import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { lotLabel, type reportApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { evaluationReports, reportSignatures, tenders } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import { tenderNotFound } from '../../lib/tender-lock.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { resolveLot } from '../tenders/lots.js';
import type { ReportRow } from './lot-state.js';
import {
  activeMembers,
  assertPledged,
  committeeOfTender,
  currentMember,
  membersById,
} from './members.js';

/**
 * A report version as the page, the PDF and every report route answer it: its stored content,
 * then what signing and returning added (signatures, who has yet to sign, earlier versions).
 */
export async function reportView(tx: Tx, row: ReportRow): Promise<reportApi.EvaluationReport> {
  const content = row.content as reportApi.EvaluationReportContent;
  const signed = await tx
    .select()
    .from(reportSignatures)
    .where(eq(reportSignatures.reportId, row.id))
    .orderBy(asc(reportSignatures.signedAt), asc(reportSignatures.memberId));
  const names = await membersById(
    tx,
    signed.map((s) => s.memberId),
  );
  const committee = await committeeOfTender(tx, row.tenderId);
  const sitting = committee ? await activeMembers(tx, committee.id) : [];
  const signedIds = new Set(signed.map((s) => s.memberId));
  const earlier = await tx
    .select()
    .from(evaluationReports)
    .where(and(eq(evaluationReports.lotId, row.lotId), lt(evaluationReports.version, row.version)))
    .orderBy(desc(evaluationReports.version));
  return {
    ...content,
    reportId: row.id,
    status: row.status,
    finalAt: row.finalAt?.toISOString() ?? null,
    digest: row.digest,
    signatures: signed.map((s) => ({
      memberId: s.memberId,
      name: names.get(s.memberId)?.name ?? '',
      agree: s.agree,
      dissent: s.dissent,
      signedAt: s.signedAt.toISOString(),
    })),
    unsigned: sitting
      .filter((m) => !signedIds.has(m.id))
      .map((m) => ({ memberId: m.id, name: m.name })),
    returnReason: row.returnReason,
    history: earlier.map((r) => ({
      version: r.version,
      digest: r.digest,
      returnedAt: r.returnedAt?.toISOString() ?? null,
      returnReason: r.returnReason,
    })),
  };
}

/**
 * Who reads a report: the tender's active members (pledged) and the managers; anyone else
 * learns nothing (404), not even that a committee exists.
 */
async function assertReportReader(deps: AppDeps, tenderId: number, user: AuthUser) {
  if (await holdsPower(deps.db, user, 'menu:tender_list')) {
    const [tender] = await deps.db
      .select({ id: tenders.id })
      .from(tenders)
      .where(eq(tenders.id, tenderId));
    if (!tender) throw tenderNotFound(tenderId);
    return;
  }
  // currentMember answers 404 to anyone not sitting on this committee.
  assertPledged(await currentMember(deps.db, tenderId, user.userid));
}

/** One version of a lot's report (the newest when none is named), for a reader. */
export async function readReport(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number; version?: number },
  user: AuthUser,
): Promise<reportApi.EvaluationReport> {
  await assertReportReader(deps, input.tenderId, user);
  const lot = await resolveLot(deps.db, input.tenderId, input.lotId);
  const [row] = await deps.db
    .select()
    .from(evaluationReports)
    .where(
      and(
        eq(evaluationReports.lotId, lot.id),
        input.version === undefined ? undefined : eq(evaluationReports.version, input.version),
      ),
    )
    .orderBy(desc(evaluationReports.version))
    .limit(1);
  if (!row)
    throw new NotFound(
      input.version === undefined
        ? `${lotLabel(lot)}尚无评标报告（组长完成评标后生成）`
        : `${lotLabel(lot)}没有第 ${input.version} 版评标报告`,
    );
  return reportView(deps.db, row);
}
