import { sql, type SQL } from 'drizzle-orm';
import type { TenderStatus } from '@tender/contracts';
import { tenders } from '../../db/schema/index.js';

/**
 * The status that applies now: a published tender whose deadline has passed is `closed`.
 * Nothing rewrites the row, so every instance agrees at the same instant without a job.
 */
export function effectiveTenderStatus(
  row: { status: string; bidDeadline: Date },
  now: Date,
): TenderStatus {
  if (row.status === 'published' && row.bidDeadline.getTime() <= now.getTime()) return 'closed';
  return row.status as TenderStatus;
}

/** The same rule in SQL, for every filter and sort; `now` is the clock's time, never SQL now(). */
export function effectiveTenderStatusSql(now: Date): SQL<TenderStatus> {
  return sql<TenderStatus>`(case when ${tenders.status} = 'published' and ${tenders.bidDeadline} <= ${now.toISOString()}::timestamptz then 'closed' else ${tenders.status} end)`;
}
