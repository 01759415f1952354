import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTRACT_DEADLINE_DAYS, formatDate } from '@tender/contracts';

/**
 * The contract deadline of an award (EVALUATION.md §5, Law 46): 30 days from the 中标通知书,
 * which is issued at the award. The notice prints it and 合同管理 checks it; both read it here,
 * so the day the winner is told and the day the list turns red are the same day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment 30 days after the award: what the 中标通知书 counts down to. */
export const contractDeadlineOf = (awardedAt: Date) =>
  new Date(awardedAt.getTime() + CONTRACT_DEADLINE_DAYS * DAY_MS);

/** A Beijing calendar day ("2026-12-23"): the unit contracts are signed and due in. */
export const beijingDay = (time: Date) => formatDate(time);

/** The last day for the contract (Beijing, YYYY-MM-DD): the notice's day plus 30. */
export const contractDueDayOf = (awardedAt: Date) => beijingDay(contractDeadlineOf(awardedAt));

/**
 * The same day in SQL, as a `date`. Beijing is UTC+8 all year (see formatDate), so a fixed
 * offset gives the same day as the JavaScript above, whatever the session's time zone.
 */
export const contractDueDaySql = (awardedAt: AnyPgColumn | SQL) =>
  sql`(((${awardedAt} at time zone 'UTC') + interval '8 hours')::date + ${CONTRACT_DEADLINE_DAYS}::int)`;

/**
 * No contract recorded and the due day is behind us (Beijing): on the due day itself, not yet.
 * `now` is the clock's, or, in a prepared statement, the placeholder of its `beijingDay`.
 */
export const contractOverdueSql = (
  contractId: AnyPgColumn | SQL,
  awardedAt: AnyPgColumn | SQL,
  now: Date | SQL,
) =>
  sql<boolean>`(${contractId} is null and ${now instanceof Date ? beijingDay(now) : now}::date > ${contractDueDaySql(awardedAt)})`;
