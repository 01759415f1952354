import { and, count, eq, gt, min, not, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { DATA_CHANNEL } from '../../db/client.js';
import { tableCacheOf } from '../../db/table-cache.js';
import { participations, tenderInvitations, tenders } from '../../db/schema/index.js';
import { keywordCondition, keywordValues } from '../../lib/search-index.js';
import { admitsSql, openToAll } from './method.js';
import { tenderFilterWhere, type TenderFilters } from './queries.js';
import { effectiveStatusIs } from './status.js';

/*
 * The totals of 招标管理 and 招标信息. Counting every tender a list's first page stands for is
 * what such a page cost at a million tenders (the rows themselves are a short index walk): a
 * count is kept in memory until the tenders table changes (db/table-cache.ts), and, when it
 * depends on the clock (a published tender closes at its deadline), only until the next
 * deadline among the tenders it counts.
 *
 * A keyword, or a status on the clock or derived from reports, is not counted to the end (a
 * common keyword's full count was ~4.7 s at a million tenders, 已截止's ~400,000 rows were
 * counted again at every deadline): such a total is exact when it is small, and otherwise a true
 * lower bound that holds more rows than the page reaches, which the page says
 * (`totalIsMinimum`, as the public search does). Never a wrong exact total. The rest (no
 * filter, category, method, region, the other statuses) is counted exactly, once per change of
 * the table.
 *
 * A keyword is first looked for, without its index, in a window of the rows the other filters
 * hold (their first 10,000 in the table): matching every row's vector there cost 17 µs a row,
 * the LIKE alone 2.6 µs. A window holding all of them gives the exact total; one with enough
 * matches, the lower bound. A rarer keyword is counted with its index, up to the bound.
 */

/** A page's total: exact, or (totalIsMinimum) at least that many. */
export interface ListTotal {
  total: number;
  totalIsMinimum?: true;
}

/** How far the totals count (tests make them small). */
export interface CountBounds {
  /** A bounded count stops at the next multiple of this many rows past the page's end. */
  step: number;
  /** The rows a keyword is looked for in without its index. */
  window: number;
  /** The matches in that window that make a lower bound worth showing (else the index counts). */
  shown: number;
  /** The newest rows a keyword's page is first looked for in, without its index (reads.ts). */
  pageWindow: number;
}

export const COUNT_BOUNDS: CountBounds = {
  step: 5_000,
  window: 10_000,
  shown: 500,
  pageWindow: 1_000,
};

/** Where a page ends, and how far a bounded count goes for it (more than the page reaches). */
export interface ListBound {
  bounds: CountBounds;
  end: number;
  reach: number;
}

export const pageBound = (offset: number, pageSize: number, bounds = COUNT_BOUNDS): ListBound => ({
  bounds,
  end: offset + pageSize,
  reach: bounds.step * (Math.floor((offset + pageSize) / bounds.step) + 1),
});

/**
 * A keyword's page: first among the first `bounds.pageWindow` rows in the list's own order, by
 * the keyword's LIKE alone (`run` with the variant `window:N`); those rows come before every
 * other, so a page they fill is the page. Otherwise (a rarer keyword) `run` without the window.
 */
export async function keywordPageFirstInWindow<R>(
  run: (variant: string[]) => Promise<R[]>,
  given: string[],
  page: { keyword: boolean; pageSize: number; bounds: CountBounds },
): Promise<R[]> {
  if (!page.keyword) return run(given);
  const inWindow = await run([...given, `window:${page.bounds.pageWindow}`]);
  return inWindow.length === page.pageSize ? inWindow : run(given);
}

/** A count, whether it is a lower bound, and the moment it no longer holds (null: never). */
interface KeptCount {
  n: number;
  minimum: boolean;
  until: Date | null;
}

const exact = (n: number): KeptCount => ({ n, minimum: false, until: null });

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
    if (kept.until === null || deps.clock.now() < kept.until) return kept;
    if (generations.size >= 1_000) generations.clear();
    generations.set(key, generation + 1);
  }
}

/** A select of the rows a total counts, with these fields, `also` added to its conditions. */
type CountedRows = (
  fields: Record<string, SQL | SQL.Aliased>,
  also?: SQL,
) => { limit: (n: number) => { as: (alias: string) => Subquery }; as: (alias: string) => Subquery };

/**
 * How many of the rows there are: all of them, or (given a reach) up to that many, which
 * PostgreSQL answers by walking only until it has found them; `until` rides along.
 */
async function countRows(
  deps: AppDeps,
  rows: ReturnType<CountedRows>,
  reach: number | undefined,
  until: SQL<Date | null> = sql<null>`null`,
): Promise<KeptCount> {
  const counted = reach === undefined ? rows.as('counted') : rows.limit(reach).as('counted');
  const [row] = await deps.db.select({ n: count(), until }).from(counted);
  return {
    n: row!.n,
    minimum: reach !== undefined && row!.n >= reach,
    until: row!.until ?? null,
  };
}

/**
 * A bounded total of `rows` (the keyword aside), kept under `key`: with a keyword, its matches
 * in the window of rows if they settle it, else counted with the keyword index up to the reach.
 */
async function boundedTotal(
  deps: AppDeps,
  key: string,
  rows: CountedRows,
  options: {
    keyword: string | undefined;
    bound: ListBound;
    until?: SQL<Date | null>;
    counts?: typeof tenderCounts;
    /** Counted at each request (a status derived from reports): nothing is kept. */
    keep?: boolean;
  },
): Promise<KeptCount> {
  const { keyword, bound, until, counts = tenderCounts, keep = true } = options;
  const kept = (name: string, load: () => Promise<KeptCount>) =>
    keep ? keptCount(deps, `${key}:${name}`, load, counts) : load();
  const like = keywordValues(keyword)?.like;
  if (like !== undefined) {
    const { window, shown } = bound.bounds;
    const inWindow = await kept(`window${window}`, async () => {
      const hit = sql<boolean>`${tenders.searchText} like ${like} escape '\\'`.as('hit');
      const rowsIn = rows({ hit }).limit(window).as('in_window') as Subquery & { hit: SQL };
      const [row] = await deps.db
        .select({
          looked: count(),
          matched: count(sql`case when ${rowsIn.hit} then 1 end`),
          until: until ?? sql<null>`null`,
        })
        .from(rowsIn);
      // Fewer rows than the window holds: every row was looked at, the count is exact.
      return { n: row!.matched, minimum: row!.looked >= window, until: row!.until ?? null };
    });
    if (!inWindow.minimum || (inWindow.n > bound.end && inWindow.n >= shown)) return inWindow;
  }
  return kept(`upTo${bound.reach}`, () =>
    countRows(deps, rows({ one: sql`1` }, keywordCondition(keyword)), bound.reach, until),
  );
}

/** The first deadline after `now` among the published tenders `where` holds. */
const nextDeadline = (where: SQL | undefined, now: Date) =>
  sql<Date | null>`(select ${min(tenders.bidDeadline)} from ${tenders} where ${and(
    where,
    eq(tenders.status, 'published'),
    gt(tenders.bidDeadline, sql`${now.toISOString()}::timestamptz`),
  )})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v)));

/** The filters' conditions, a status in the form an index on status and deadline serves. */
export function managerListWhere(filters: TenderFilters, now: Date) {
  return and(
    ...tenderFilterWhere({ ...filters, status: undefined }, now),
    filters.status
      ? effectiveStatusIs(filters.status, sql`${now.toISOString()}::timestamptz`)
      : undefined,
  );
}

/**
 * 招标管理's total for these filters: bounded (above) when a keyword or a status on the clock
 * (published, closed) or derived from reports (opened, evaluating) is given. A status derived
 * from reports is counted at each request: no cache hears of a report's signature.
 */
export async function managerListTotal(
  deps: AppDeps,
  filters: TenderFilters,
  now: Date,
  bound: ListBound,
): Promise<ListTotal> {
  const { status, keyword } = filters;
  const onTheClock = status === 'published' || status === 'closed';
  const fromReports = status === 'opened' || status === 'evaluating';
  const key = `manager:${keyOf(filters)}`;
  if (!keywordValues(keyword) && !onTheClock && !fromReports) {
    const where = managerListWhere(filters, now);
    const counted = () =>
      countRows(
        deps,
        deps.db
          .select({ one: sql`1` })
          .from(tenders)
          .where(where),
        undefined,
      );
    return totalOf(await keptCount(deps, key, counted));
  }
  const others = managerListWhere({ ...filters, keyword: undefined }, now);
  const until = onTheClock
    ? nextDeadline(and(...tenderFilterWhere({ ...filters, status: undefined }, now)), now)
    : undefined;
  const rows: CountedRows = (fields, also) =>
    deps.db.select(fields).from(tenders).where(and(others, also));
  return totalOf(
    await boundedTotal(deps, key, rows, { keyword, bound, until, keep: !fromReports }),
  );
}

const totalOf = ({ n, minimum }: KeptCount): ListTotal =>
  minimum ? { total: n, totalIsMinimum: true } : { total: n };

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
 * are both listed. With a keyword, the tenders open to all and the invited ones are bounded
 * totals (above), the sign-ups (subtracted) counted in full: their sum is then a lower bound.
 */
export async function openListTotal(
  deps: AppDeps,
  filters: Pick<TenderFilters, 'keyword' | 'category'>,
  supplierId: number,
  signedUp: boolean | undefined,
  now: Date,
  bound: ListBound,
): Promise<ListTotal> {
  const { keyword } = filters;
  const conditions = tenderFilterWhere(filters, now);
  const others = tenderFilterWhere({ ...filters, keyword: undefined }, now);
  const bounded = Boolean(keywordValues(keyword));
  const own = (name: string, load: () => Promise<KeptCount>) =>
    keptCount(deps, `${name}:${supplierId}:${keyOf(filters)}`, load, companyCounts);
  const signedUpCount = () =>
    own('signed-up', () =>
      countRows(
        deps,
        deps.db
          .select({ one: sql`1` })
          .from(participations)
          .innerJoin(tenders, eq(tenders.id, participations.tenderId))
          .where(
            and(
              eq(participations.supplierId, supplierId),
              eq(tenders.status, 'published'),
              admitsSql(supplierId),
              ...conditions,
            ),
          ),
        undefined,
      ),
    );
  if (signedUp === true) return totalOf(await signedUpCount());
  const openRows: CountedRows = (fields, also) =>
    deps.db
      .select(fields)
      .from(tenders)
      .where(and(eq(tenders.status, 'published'), openToAll(), ...others, also));
  const invitedRows: CountedRows = (fields, also) =>
    deps.db
      .select(fields)
      .from(tenderInvitations)
      .innerJoin(tenders, eq(tenders.id, tenderInvitations.tenderId))
      .where(
        and(
          eq(tenderInvitations.supplierId, supplierId),
          eq(tenders.status, 'published'),
          not(openToAll()),
          ...others,
          also,
        ),
      );
  const counted = (key: string, rows: CountedRows, counts = tenderCounts) =>
    bounded
      ? boundedTotal(deps, key, rows, { keyword, bound, counts })
      : keptCount(
          deps,
          key,
          () => countRows(deps, rows({ one: sql`1` }, keywordCondition(keyword)), undefined),
          counts,
        );
  const [openToAllCount, invited, signed] = await Promise.all([
    counted(`open:${keyOf(filters)}`, openRows),
    counted(`invited:${supplierId}:${keyOf(filters)}`, invitedRows, companyCounts),
    signedUp === false ? signedUpCount() : exact(0),
  ]);
  const minimum = openToAllCount.minimum || invited.minimum;
  return totalOf({ n: openToAllCount.n + invited.n - signed.n, minimum, until: null });
}
