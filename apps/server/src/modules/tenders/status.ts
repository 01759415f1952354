import { sql, type SQL } from 'drizzle-orm';
import { tenderApi, type LotStatus, type TenderStatus } from '@tender/contracts';
import { tenders, type STORED_LOT_STATUSES } from '../../db/schema/index.js';

/**
 * The derived statuses, each in its TS form (a row at hand) and beside it its SQL form (lists,
 * filters): nothing rewrites a row when a deadline passes or a report is signed, so every
 * instance agrees at the same instant without a job.
 *
 * - `closed`: a published tender whose deadline has passed (on the server's clock).
 * - `evaluating` / `evaluated` (EVALUATION.md §2): on an opened committee tender, a lot neither
 *   failed nor awarded is `evaluating` (its opening record exists) until its latest report is
 *   final, then `evaluated`; the tender is `evaluating` while any of its lots is.
 */

/** A lot's latest 评标报告 status, null before the chair first finishes. */
export type LotReport = 'signing' | 'final' | 'returned' | null;

/** A tender's row as its status is derived from it; `evaluating` is `evaluatingSql`'s answer. */
export interface TenderStatusFacts {
  status: string;
  bidDeadline: Date;
  /** Left out by reads that only tell published from the rest: then `opened` stays `opened`. */
  evaluating?: boolean | null;
}

/** The status that applies now. */
export function effectiveTenderStatus(row: TenderStatusFacts, now: Date): TenderStatus {
  if (row.status === 'published' && row.bidDeadline.getTime() <= now.getTime()) return 'closed';
  if (row.status === 'opened' && row.evaluating) return 'evaluating';
  return row.status as TenderStatus;
}

/**
 * A lot's status: its tender's, until the opening fails it alone or an award is made on it; on
 * an opened committee tender, `evaluating` or `evaluated` by its latest report. A lot failed,
 * at the opening or by the committee, stays `failed`.
 */
export function lotStatus(
  tender: { status: TenderStatus; committee: boolean },
  lot: { status: (typeof STORED_LOT_STATUSES)[number]; report: LotReport },
): LotStatus {
  if (!tenderApi.bidsAreOpened(tender.status)) return tender.status;
  if (lot.status === 'failed') return 'failed';
  if (lot.status === 'awarded') return 'awarded';
  const beingEvaluated =
    tender.committee && (tender.status === 'opened' || tender.status === 'evaluating');
  if (beingEvaluated) return lot.report === 'final' ? 'evaluated' : 'evaluating';
  return 'opened';
}

/** SQL: the latest report status of the lot whose id is `lotId` (lotStatus's `report`). */
export const latestReportSql = (lotId: SQL) =>
  sql<LotReport>`(select r.status from evaluation_reports r where r.lot_id = ${lotId} order by r.version desc limit 1)`;

/**
 * SQL: whether the `tenders` row is `evaluating` (lotStatus's rule: an opened committee tender
 * with a lot neither failed nor awarded whose latest report is not final). Names written out in
 * full: drizzle leaves column names unqualified in a select list, and `lots` has a status too.
 */
export const evaluatingSql = sql<boolean>`(tenders.status = 'opened' and (tenders.evaluation ->> 'committee') = 'true' and exists (select 1 from lots l where l.tender_id = tenders.id and l.status = 'active' and ${latestReportSql(sql.raw('l.id'))} is distinct from 'final'))`;

/**
 * The same rule as effectiveTenderStatus in SQL, for every filter and sort; `now` is the clock's
 * (or, in a prepared statement, its placeholder).
 */
export function effectiveTenderStatusSql(now: Date | SQL): SQL<TenderStatus> {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<TenderStatus>`(case when ${tenders.status} = 'published' and ${tenders.bidDeadline} <= ${at}::timestamptz then 'closed' when ${evaluatingSql} then 'evaluating' else ${tenders.status} end)`;
}

/**
 * `effectiveTenderStatusSql(now) = status` in the form an index on the stored status (and the
 * deadline) serves: 招标管理's 已截止 walks the published tenders newest first
 * (tenders_status_newest_idx) instead of deriving every tender's status. `now` is a timestamptz
 * (the clock's, or a placeholder).
 */
export function effectiveStatusIs(status: string, now: SQL): SQL {
  switch (status) {
    case 'published':
      return sql`(${tenders.status} = 'published' and ${tenders.bidDeadline} > ${now})`;
    case 'closed':
      return sql`(${tenders.status} = 'published' and ${tenders.bidDeadline} <= ${now})`;
    case 'evaluating':
      return sql`(${tenders.status} = 'opened' and ${evaluatingSql})`;
    case 'opened':
      return sql`(${tenders.status} = 'opened' and ${evaluatingSql} is not true)`;
    default:
      return sql`${tenders.status} = ${status}`;
  }
}
