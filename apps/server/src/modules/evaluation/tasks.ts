import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { committeeApi, deskApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import {
  committeeMembers,
  evaluationReports,
  evaluationSheets,
  openingRecords,
  participations,
  reportSignatures,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { iso, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { lotsOfTenders } from '../tenders/lots.js';
import { membersById, type MemberRow } from './members.js';

/**
 * 评标任务: the caller's committees, newest first, with each lot's state and the caller's own
 * sheet's. Seats left (replaced, recused) stay listed, marked, so an expert sees why a task
 * went. A handful of queries for the whole page, never one per row.
 */

type Task = deskApi.MyTask;

export const memberView = (m: MemberRow): committeeApi.CommitteeMember => ({
  memberId: m.id,
  userid: m.userId,
  name: m.name,
  employer: m.employer,
  title: m.title,
  kind: m.kind,
  chair: m.chair,
  status: m.status === 'standby' ? 'active' : m.status,
  pledgedAt: iso(m.pledgedAt),
  reason: m.status === 'recused' ? m.conflict : m.status === 'replaced' ? m.replacedReason : null,
  joinedAt: m.joinedAt.toISOString(),
  drawId: m.drawId,
});

export async function listMyTask(
  deps: AppDeps,
  query: PageQuery & { tenderId?: number },
  user: AuthUser,
) {
  const db = deps.db;
  // Standbys have no task yet: they are not told of the tender until they step in.
  const mine = and(
    eq(committeeMembers.userId, user.userid),
    ne(committeeMembers.status, 'standby'),
    query.tenderId === undefined ? undefined : eq(committeeMembers.tenderId, query.tenderId),
  );
  const [seats, [total]] = await Promise.all([
    db
      .select({
        id: committeeMembers.id,
        tenderId: tenders.id,
        tenderNo: tenders.tenderNo,
        title: tenders.title,
      })
      .from(committeeMembers)
      .innerJoin(tenders, eq(tenders.id, committeeMembers.tenderId))
      .where(mine)
      .orderBy(desc(committeeMembers.joinedAt), desc(committeeMembers.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(committeeMembers).where(mine),
  ]);
  if (!seats.length) return pageOf<Task>([], total!.n, query);
  const tenderIds = seats.map((s) => s.tenderId);
  const memberIds = seats.map((s) => s.id);
  const [members, lotsByTender, opened, signedUp, sheets] = await Promise.all([
    membersById(db, memberIds),
    lotsOfTenders(db, tenderIds),
    db
      .select({ tenderId: openingRecords.tenderId })
      .from(openingRecords)
      .where(inArray(openingRecords.tenderId, tenderIds)),
    db
      .select({ tenderId: participations.tenderId, name: suppliers.companyName })
      .from(participations)
      .innerJoin(suppliers, eq(suppliers.id, participations.supplierId))
      .where(inArray(participations.tenderId, tenderIds))
      .orderBy(asc(participations.id)),
    db
      .select({
        lotId: evaluationSheets.lotId,
        memberId: evaluationSheets.memberId,
        submittedAt: evaluationSheets.submittedAt,
      })
      .from(evaluationSheets)
      .where(and(inArray(evaluationSheets.memberId, memberIds), isNull(evaluationSheets.voidAt))),
  ]);
  const lotIds = [...lotsByTender.values()].flat().map((lot) => lot.id);
  // Every report version of these lots, newest first: the first per lot is its latest.
  const reports = lotIds.length
    ? await db
        .select({
          id: evaluationReports.id,
          lotId: evaluationReports.lotId,
          version: evaluationReports.version,
          status: evaluationReports.status,
        })
        .from(evaluationReports)
        .where(inArray(evaluationReports.lotId, lotIds))
        .orderBy(desc(evaluationReports.version))
    : [];
  const latest = new Map<number, (typeof reports)[number]>();
  for (const report of reports) if (!latest.has(report.lotId)) latest.set(report.lotId, report);
  const latestIds = [...latest.values()].map((r) => r.id);
  const signatures = latestIds.length
    ? await db
        .select({ reportId: reportSignatures.reportId, memberId: reportSignatures.memberId })
        .from(reportSignatures)
        .where(
          and(
            inArray(reportSignatures.reportId, latestIds),
            inArray(reportSignatures.memberId, memberIds),
          ),
        )
    : [];
  const openedTenders = new Set(opened.map((o) => o.tenderId));

  const list = seats.map((seat): Task => {
    const member = members.get(seat.id)!;
    return {
      tenderId: seat.tenderId,
      tenderNo: seat.tenderNo,
      title: seat.title,
      committeeId: member.committeeId,
      member: memberView(member),
      suppliers: signedUp.filter((s) => s.tenderId === seat.tenderId).map((s) => s.name),
      lots: (lotsByTender.get(seat.tenderId) ?? []).map((lot) => {
        const report = latest.get(lot.id) ?? null;
        const sheet = sheets.find((s) => s.lotId === lot.id && s.memberId === seat.id);
        return {
          lotId: lot.id,
          lotNo: lot.lotNo,
          name: lot.name,
          state: !openedTenders.has(seat.tenderId)
            ? 'waiting'
            : lot.status === 'failed'
              ? 'failed'
              : report && report.status !== 'returned'
                ? 'finished'
                : 'evaluating',
          sheet: !sheet ? 'none' : sheet.submittedAt ? 'submitted' : 'draft',
          report: report && {
            version: report.version,
            status: report.status,
            signed: signatures.some((s) => s.reportId === report.id && s.memberId === seat.id),
          },
        };
      }),
    };
  });
  return pageOf(list, total!.n, query);
}
