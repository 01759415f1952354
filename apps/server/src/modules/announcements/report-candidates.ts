import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { announcementApi, type reportApi } from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { announcements, candidateDeclines } from '../../db/schema/index.js';
import { Conflict } from '../../lib/errors.js';
import { latestReport, type ReportRow } from '../evaluation/lot-state.js';
import { DAY_MS } from './announcement-rows.js';

/**
 * On a committee tender the candidates and the award follow the lot's final 评标报告
 * (EVALUATION.md §2): the publicity lists the report's candidates in its order (R 54), and the
 * award goes to the first candidate not declined (R 55). One place for both rules and the view.
 */

const { CANDIDATE_PUBLISH_DAYS } = announcementApi;
type DeclineGround = announcementApi.DeclineGround;
type EvaluationReport = reportApi.EvaluationReport;

export type ReportCandidate = Pick<
  EvaluationReport['candidates'][number],
  'rank' | 'bidId' | 'supplierId' | 'supplierName' | 'price'
>;

export const REPORT_NOT_FINAL =
  '评标报告尚未生效（评标委员会全体成员签字后生效），不能公示中标候选人或定标';

export const AWARD_FOLLOWS_RANKING =
  '定标须确定排名第一的中标候选人（实施条例第五十五条）；排名在前的候选人未放弃或被取消前不能定标给其他候选人';

type FinalReport = ReportRow & { finalAt: Date };
export const isFinal = (report: ReportRow | null): report is FinalReport =>
  report !== null && report.status === 'final' && report.finalAt !== null;

/** A report's recommended candidates, by rank. */
const candidatesIn = (report: ReportRow): ReportCandidate[] =>
  [...((report.content as Partial<Pick<EvaluationReport, 'candidates'>>).candidates ?? [])]
    .sort((a, b) => a.rank - b.rank)
    .map(({ rank, bidId, supplierId, supplierName, price }) => ({
      rank,
      bidId,
      supplierId,
      supplierName,
      price,
    }));

/** The lot's report when its latest version is final, with its candidates by rank; else 409. */
export async function finalReport(
  tx: Tx,
  lotId: number,
): Promise<{ report: FinalReport; candidates: ReportCandidate[] }> {
  const report = await latestReport(tx, lotId);
  if (!isFinal(report)) throw new Conflict(REPORT_NOT_FINAL);
  const candidates = candidatesIn(report);
  if (candidates.length === 0)
    throw new Conflict('评标报告没有推荐中标候选人（有效投标不足），该标段应重新招标');
  return { report, candidates };
}

/** When the lot's candidates are due: three days after its report became final (R 54). */
export const candidatesDueAt = (finalAt: Date) =>
  new Date(finalAt.getTime() + CANDIDATE_PUBLISH_DAYS * DAY_MS);

/** "1. 某公司（投标 12）、2. …": how refusals name the report's candidates. */
const listed = (candidates: readonly ReportCandidate[]) =>
  candidates.map((c) => `${c.rank}. ${c.supplierName}（投标 ${c.bidId}）`).join('、');

/** A publicity's candidates are the report's, the same bids at the same ranks (R 54). */
export function assertCandidatesFollowReport(
  sent: readonly { bidId: number; rank: number }[],
  candidates: readonly ReportCandidate[],
) {
  const byRank = [...sent].sort((a, b) => a.rank - b.rank);
  const same =
    byRank.length === candidates.length &&
    byRank.every((c, i) => c.bidId === candidates[i]!.bidId && c.rank === candidates[i]!.rank);
  if (!same)
    throw new Conflict(
      `中标候选人及其排名须与评标报告推荐的一致（实施条例第五十四条），应为：${listed(candidates)}`,
      'candidates',
    );
}

export type Declines = Map<number, { ground: DeclineGround; reason: string; declinedAt: Date }>;

/** The lot's declined candidates by bid. */
export async function declinesOf(tx: Tx, lotIds: readonly number[]): Promise<Declines> {
  if (lotIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(candidateDeclines)
    .where(inArray(candidateDeclines.lotId, [...lotIds]));
  return new Map(rows.map((row) => [row.bidId, row]));
}

/** The candidates not declined, by rank: the award goes to the first (R 55). */
export const remainingCandidates = (candidates: readonly ReportCandidate[], declines: Declines) =>
  candidates.filter((c) => !declines.has(c.bidId));

/** A committee tender's award: only the first candidate not declined (R 55); anyone else 409. */
export async function assertFirstCandidate(tx: Tx, lotId: number, bidId: number) {
  const { candidates } = await finalReport(tx, lotId);
  const [next] = remainingCandidates(candidates, await declinesOf(tx, [lotId]));
  if (!next)
    throw new Conflict('评标报告推荐的中标候选人均已放弃或被取消，不能定标，该标段应重新招标');
  if (next.bidId === bidId) return;
  const candidate = candidates.find((c) => c.bidId === bidId);
  throw new Conflict(
    `${AWARD_FOLLOWS_RANKING}。${candidate ? `投标 ${bidId} 为排名第 ${candidate.rank} 的候选人` : `投标 ${bidId} 不是评标报告推荐的中标候选人`}，当前应定标给排名第 ${next.rank} 的${next.supplierName}（投标 ${next.bidId}）`,
  );
}

/** The first candidate publicity of the lot published at or after `since`, or null. */
async function publicityPublishedSince(tx: Tx, lotId: number, since: Date) {
  const [first] = await tx
    .select({ publishedAt: announcements.publishedAt })
    .from(announcements)
    .where(
      and(
        eq(announcements.lotId, lotId),
        eq(announcements.kind, 'candidates'),
        inArray(announcements.status, ['published', 'revoked']),
        gte(announcements.publishedAt, since),
      ),
    )
    .orderBy(asc(announcements.publishedAt))
    .limit(1);
  return first?.publishedAt ?? null;
}

/** The manager's view of each lot whose report is final (committee tenders). */
export async function reportCandidatesOf(
  tx: Tx,
  lotIds: readonly number[],
  now: Date,
): Promise<announcementApi.ReportCandidates[]> {
  const declines = await declinesOf(tx, lotIds);
  const views: announcementApi.ReportCandidates[] = [];
  for (const lotId of lotIds) {
    const report = await latestReport(tx, lotId);
    if (!isFinal(report)) continue;
    const candidates = candidatesIn(report);
    const due = candidatesDueAt(report.finalAt);
    const publishedAt = await publicityPublishedSince(tx, lotId, report.finalAt);
    const [next] = remainingCandidates(candidates, declines);
    views.push({
      lotId,
      reportFinalAt: report.finalAt.toISOString(),
      candidatesDueAt: due.toISOString(),
      candidatesPublishedAt: publishedAt?.toISOString() ?? null,
      candidatesOverdue: (publishedAt ?? now).getTime() > due.getTime(),
      candidates: candidates.map((c) => {
        const declined = declines.get(c.bidId);
        return {
          ...c,
          declined: declined
            ? {
                ground: declined.ground,
                reason: declined.reason,
                declinedAt: declined.declinedAt.toISOString(),
              }
            : null,
        };
      }),
      nextBidId: next?.bidId ?? null,
    });
  }
  return views;
}
