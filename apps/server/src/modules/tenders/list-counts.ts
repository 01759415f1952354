import { and, count, eq, gt, min, not, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { DATA_CHANNEL } from '../../db/client.js';
import { tableCacheOf } from '../../db/table-cache.js';
import { participations, tenderInvitations, tenders } from '../../db/schema/index.js';
import { admitsSql, openToAll } from './method.js';
import { tenderFilterWhere, type TenderFilters } from './queries.js';

/*
 * The totals of 招标管理 and 招标信息. Counting every tender a list's first page stands for is
 * what such a page cost at a million tenders (the rows themselves are a short index walk): a
 * count is kept in memory until the tenders table changes (db/table-cache.ts), and, when it
 * depends on the clock (a published tender closes at its deadline), only until the next
 * deadline among the tenders it counts. The counts stay exact at every moment.
 */

/** A count, and the moment from which it no longer holds (null: until the table changes). */
interface KeptCount {
  n: number;
  until: Date | null;
}

/** Counts read from tenders alone: shared by every manager, or by every company. */
const tenderCounts = tableCacheOf<KeptCount>({
  channel: DATA_CHANNEL,
  tables: ['tenders'],
  maxEntries: 1_000,
});

/** A company's own counts (its invitations, its sign-ups): a sign-up leaves the others be. */
const companyCounts = tableCacheOf<KeptCount>({
  channel: DATA_CHANNEL,
  tables: ['tenders', 'tender_invitations', 'participations'],
  maxEntries: 5_000,
});

/** Each key's generation: an entry past its moment is left behind for a new one. */
const generations = new Map<string, number>();

async function keptCount(
  deps: AppDeps,
  key: string,
  load: () => Promise<KeptCount>,
  counts = tenderCounts,
) {
  const cache = counts(deps.changes);
  for (;;) {
    const generation = generations.get(key) ?? 0;
    const kept = await cache.get(`${key}#${generation}`, load);
    if (kept.until === null || deps.clock.now() < kept.until) return kept.n;
    if (generations.size >= 1_000) generations.clear();
    generations.set(key, generation + 1);
  }
}

/** The first deadline after `now` among the published tenders `where` holds. */
const nextDeadline = (where: SQL | undefined, now: Date) =>
  sql<Date | null>`(select ${min(tenders.bidDeadline)} from ${tenders} where ${and(
    where,
    eq(tenders.status, 'published'),
    gt(tenders.bidDeadline, sql`${now.toISOString()}::timestamptz`),
  )})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v)));

/**
 * 招标管理's total for these filters. A status derived from lots and reports (opened,
 * evaluating) is counted at each request: no cache hears of a report's signature.
 */
export function managerListTotal(deps: AppDeps, filters: TenderFilters, now: Date) {
  const where = and(...tenderFilterWhere(filters, now));
  const counted = (withUntil: boolean) =>
    deps.db
      .select({
        n: count(),
        until: withUntil
          ? nextDeadline(and(...tenderFilterWhere({ ...filters, status: undefined }, now)), now)
          : sql<null>`null`,
      })
      .from(tenders)
      .where(where)
      .then(([row]) => ({ n: row!.n, until: row!.until ?? null }));
  const { status } = filters;
  if (status === 'opened' || status === 'evaluating') return counted(false).then((c) => c.n);
  const onTheClock = status === 'published' || status === 'closed';
  return keptCount(deps, `manager:${keyOf(filters)}`, () => counted(onTheClock));
}

const keyOf = (filters: TenderFilters) =>
  JSON.stringify([
    filters.keyword?.trim().toLowerCase() ?? '',
    filters.category ?? '',
    filters.status ?? '',
    filters.procurementMethod ?? '',
    filters.region ?? '',
  ]);

/**
 * 招标信息's total for a company: the published tenders (open or closed on the clock) open to
 * all, kept and shared by every company, plus those it is invited to, counted from its
 * invitations; with 只看已报名 (or its opposite), those it signed up for, counted from its
 * sign-ups (both kept for the company). No status here depends on the clock: open and closed
 * are both listed.
 */
export async function openListTotal(
  deps: AppDeps,
  filters: Pick<TenderFilters, 'keyword' | 'category'>,
  supplierId: number,
  signedUp: boolean | undefined,
  now: Date,
) {
  const conditions = tenderFilterWhere(filters, now);
  const own = (name: string, load: () => Promise<number>) =>
    keptCount(
      deps,
      `${name}:${supplierId}:${keyOf(filters)}`,
      () => load().then((n) => ({ n, until: null })),
      companyCounts,
    );
  const signedUpCount = () =>
    own('signed-up', () =>
      deps.db
        .select({ n: count() })
        .from(participations)
        .innerJoin(tenders, eq(tenders.id, participations.tenderId))
        .where(
          and(
            eq(participations.supplierId, supplierId),
            eq(tenders.status, 'published'),
            admitsSql(supplierId),
            ...conditions,
          ),
        )
        .then(([row]) => row!.n),
    );
  if (signedUp === true) return signedUpCount();
  const [openToAllCount, invited, signed] = await Promise.all([
    keptCount(deps, `open:${keyOf(filters)}`, () =>
      deps.db
        .select({ n: count() })
        .from(tenders)
        .where(and(eq(tenders.status, 'published'), openToAll(), ...conditions))
        .then(([row]) => ({ n: row!.n, until: null })),
    ),
    own('invited', () =>
      deps.db
        .select({ n: count() })
        .from(tenderInvitations)
        .innerJoin(tenders, eq(tenders.id, tenderInvitations.tenderId))
        .where(
          and(
            eq(tenderInvitations.supplierId, supplierId),
            eq(tenders.status, 'published'),
            not(openToAll()),
            ...conditions,
          ),
        )
        .then(([row]) => row!.n),
    ),
    signedUp === false ? signedUpCount() : 0,
  ]);
  return openToAllCount + invited - signed;
}
