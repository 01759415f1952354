import { sql, type SQL } from 'drizzle-orm';
import { BOND_REFUND_DAYS, type BondStatus, type RefundEvent } from '@tender/contracts/bond';
import { formatDate } from '@tender/contracts';
import { bonds, lots, tenders } from '../../db/schema/index.js';

/**
 * The refund clock of a bid bond (EVALUATION.md §4, R 57), derived from the stored events at
 * each request, never by a job. The one place for the rule: every query that lists bonds joins
 * `bonds`, `lots` and `tenders` and reads these fragments.
 *
 * A verified bond's clock starts at the first of:
 * - its supplier's bid on the lot withdrawn (only possible before the deadline): the withdrawal;
 * - the lot failed or the tender cancelled: whichever came first;
 * - the lot's contract recorded: its signing day (every bidder, winner included).
 * A bond declared for a lot it never bid on waits like the other bidders. The last day to
 * refund is the event's Beijing day plus BOND_REFUND_DAYS; past it, and neither refunded nor
 * forfeited, the bond is overdue.
 */

/** Beijing time is UTC+8 all year: a fixed offset, no time-zone database needed (format.ts). */
const beijingDay = (moment: SQL) =>
  sql`((${moment} at time zone 'UTC') + interval '8 hours')::date`;

/** The latest withdrawal of the supplier's bid on the lot, while the bid stays withdrawn. */
const withdrawnAt = sql`(select max(r.created_at) from bids bd join bid_revisions r on r.bid_id = bd.id and r.action = 'withdraw' where bd.lot_id = ${bonds.lotId} and bd.supplier_id = ${bonds.supplierId} and bd.status = 'withdrawn')`;
/** The lot failed or the tender cancelled (least() skips the one that did not happen). */
const endedAt = sql`least(${lots.failedAt}, ${tenders.cancelledAt})`;
const contractDay = sql`(select c.signed_at from contracts c where c.lot_id = ${bonds.lotId})`;

/** A clock runs for a verified bond, and is kept on a refunded one (refunded on time or not). */
const clocked = sql`${bonds.status} in ('verified', 'refunded')`;

export const refundEventSql = sql<RefundEvent | null>`(case when not ${clocked} then null when ${withdrawnAt} is not null then 'withdrawn' when ${lots.failedAt} is not null and (${tenders.cancelledAt} is null or ${lots.failedAt} <= ${tenders.cancelledAt}) then 'lot_failed' when ${tenders.cancelledAt} is not null then 'cancelled' when ${contractDay} is not null then 'contract' end)`;

/** The event's Beijing day plus the refund days, as a date (null: no clock yet). */
const dueDay = sql`(case when ${clocked} then coalesce(${beijingDay(withdrawnAt)}, ${beijingDay(endedAt)}, ${contractDay}) + ${sql.raw(String(BOND_REFUND_DAYS))} end)`;

/** The last day to refund, YYYY-MM-DD (Beijing), or null. */
export const dueAtSql = sql<string | null>`to_char(${dueDay}, 'YYYY-MM-DD')`;

/** The Beijing day of the clock's time, as SQL compares it. */
export const todayOf = (now: Date) => formatDate(now);

/** Past its last day (the clock's Beijing day is later) and still held. */
export const overdueSql = (now: Date) =>
  sql<boolean>`coalesce(${bonds.status} = 'verified' and ${dueDay} < ${todayOf(now)}::date, false)`;

/** The listed status: a verified bond whose clock has started is `due`. */
export const listedStatusSql = sql<BondStatus>`(case when ${bonds.status} = 'verified' and ${dueDay} is not null then 'due' else ${bonds.status} end)`;
