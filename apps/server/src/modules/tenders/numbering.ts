import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** The year in China (UTC+8, no daylight saving): a tender created on 1 January 00:30 is that year's. */
export const chinaYear = (now: Date) => new Date(now.getTime() + 8 * 3600_000).getUTCFullYear();

export const formatTenderNo = (year: number, sequence: number) =>
  `ZB-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of the year, drawn under the counter row's lock in the caller's transaction:
 * a rolled-back insert gives its number back, concurrent creators wait for each other, so the
 * numbers have neither gaps nor duplicates.
 */
export async function nextTenderNo(tx: Tx, now: Date) {
  const year = chinaYear(now);
  const result = await tx.execute<{ last: number }>(
    sql`insert into tender_number_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = tender_number_counters.last + 1
        returning last`,
  );
  const rows = (result as unknown as { rows: { last: number }[] }).rows;
  return formatTenderNo(year, Number(rows[0]!.last));
}
