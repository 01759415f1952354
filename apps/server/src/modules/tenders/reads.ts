import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PublicTenderDetail } from '@tender/contracts';
import { readEvaluation } from '@tender/contracts/evaluation';
import type { AppDeps } from '../../app-deps.js';
import { announcements, tenders } from '../../db/schema/index.js';
import { beijingDay, contractOverdueSql } from '../contracts/deadline.js';
import { preparedVariants } from '../../db/prepared.js';
import { DATA_CHANNEL } from '../../db/client.js';
import { tableCacheOf } from '../../db/table-cache.js';
import { keywordValues } from '../../lib/search-index.js';
import { NotFound } from '../../lib/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { EXPORT_MAX_ROWS, keysetBatches } from '../../lib/xlsx-stream.js';
import { type Viewer, assertReadsAmendments, tenderNotFound, visibleTender } from './access.js';
import { listAmendmentsOf } from './amend.js';
import {
  COUNT_BOUNDS,
  keywordPageFirstInWindow,
  managerListTotal,
  pageBound,
} from './list-counts.js';
import {
  publiclyVisible,
  selectTenders,
  tenderColumns,
  tenderFilterWhere,
  managerListColumns,
  managerListRowFrom,
  toManagerTenders,
  tenderTermsOf,
  toPublicTender,
  type TenderFilters,
  type TenderRow,
} from './queries.js';
import { companyTender, companyTenderFrom } from './sign-up.js';
import { lotViewsOfTenders, toPublicLotView } from './lots.js';
import { effectiveStatusIs, effectiveTenderStatusSql, evaluatingSql } from './status.js';
import { reportCandidatesOf } from '../announcements/report-candidates.js';

/**
 * 招标管理's page: newest first, status and filters on the clock, walking
 * tenders_created_newest_idx (or, given a status, tenders_status_newest_idx) in one query, each
 * row with its documents, invitees and how many of its lots are 合同逾期. One prepared statement
 * per combination of filters given and status asked for. A keyword's page is first looked for
 * among the newest `window:N` tenders by its LIKE alone (prepared too: the window bounds the
 * walk whatever the keyword); a page that window does not fill is planned for that keyword (the
 * keyword index finds a rare one at once, where a plan kept for a common one would walk the
 * whole table).
 */
const managerPageOf = preparedVariants((db, variant) => {
  const given = new Set(variant.split(','));
  const valueOf = (prefix: string) =>
    [...given].find((name) => name.startsWith(prefix))?.slice(prefix.length);
  const status = valueOf('status:');
  const newestWindow = valueOf('window:');
  const value = (name: string) => sql.placeholder(name);
  const source = newestWindow
    ? db
        .select()
        .from(tenders)
        .orderBy(desc(tenders.createdAt), desc(tenders.id))
        .limit(Number(newestWindow))
        .as('tenders')
    : tenders;
  const keywordCondition = newestWindow
    ? sql`${tenders.searchText} like ${value('like')} escape '\\'`
    : sql`(${tenders.searchVector} @@ ${value('tsquery')}::tsquery and ${tenders.searchText} like ${value('like')} escape '\\')`;
  const page = db
    .select({
      ...managerListColumns,
      // Written out in full: drizzle leaves column names unqualified in a select list.
      contractOverdue: sql<number>`(select count(*)::int from awards a left join contracts c on c.lot_id = a.lot_id where a.tender_id = tenders.id and ${contractOverdueSql(sql.raw('c.id'), sql.raw('a.awarded_at'), sql`${value('today')}`)})`,
    })
    .from(source)
    .where(
      and(
        given.has('keyword') ? keywordCondition : undefined,
        given.has('category') ? sql`${tenders.category} = ${value('category')}` : undefined,
        status ? effectiveStatusIs(status, sql`${value('now')}::timestamptz`) : undefined,
        given.has('procurementMethod')
          ? sql`${tenders.procurementMethod} = ${value('procurementMethod')}`
          : undefined,
        given.has('region') ? sql`${tenders.region} = ${value('region')}` : undefined,
      ),
    )
    .orderBy(desc(tenders.createdAt), desc(tenders.id))
    .limit(value('limit'))
    .offset(value('offset'));
  return given.has('keyword') && !newestWindow
    ? page
    : page.prepare(`manager_tenders_page${variant ? `_${variant.replace(/[,:]/g, '_')}` : ''}`);
});

/**
 * 招标管理: the page (above) and its total, kept apart (list-counts.ts), a keyword's or a status
 * on the clock's bounded (list-counts.ts; then `totalIsMinimum`).
 */
export async function listTenders(
  deps: AppDeps,
  query: TenderFilters & PageQuery,
  bounds = COUNT_BOUNDS,
) {
  const now = deps.clock.now();
  const keyword = keywordValues(query.keyword);
  const values = {
    category: query.category || undefined,
    status: query.status || undefined,
    procurementMethod: query.procurementMethod || undefined,
    region: query.region || undefined,
  };
  const given = [
    ...(keyword ? ['keyword'] : []),
    ...Object.entries(values).flatMap(([name, v]) =>
      v === undefined ? [] : [name === 'status' ? `status:${v}` : name],
    ),
  ];
  const offset = offsetOf(query);
  const pageOfVariant = (variant: string[]) =>
    managerPageOf(deps.db, variant.join(',')).execute({
      ...keyword,
      ...values,
      now: now.toISOString(),
      today: beijingDay(now),
      limit: query.pageSize,
      offset,
    });
  const [rows, { total, totalIsMinimum }] = await Promise.all([
    keywordPageFirstInWindow(pageOfVariant, given, {
      keyword: Boolean(keyword),
      pageSize: query.pageSize,
      bounds,
    }),
    managerListTotal(deps, query, now, pageBound(offset, query.pageSize, bounds)),
  ]);
  const list = rows.map((row) => ({
    ...managerListRowFrom(row, now),
    contractOverdue: Number(row.contractOverdue),
  }));
  return { ...pageOf(list, total, query), ...(totalIsMinimum ? { totalIsMinimum } : {}) };
}

/** The filtered tenders an export holds: as many as it may hold, counted before it is written. */
export async function exportedTenderCount(deps: AppDeps, filters: TenderFilters) {
  const capped = deps.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(...tenderFilterWhere(filters, deps.clock.now())))
    .limit(EXPORT_MAX_ROWS)
    .as('capped');
  const [counted] = await deps.db.select({ n: count() }).from(capped);
  return counted!.n;
}

/** The filtered tenders, newest first, in batches for a streamed export. */
export async function* exportedTenders(deps: AppDeps, filters: TenderFilters, batch?: number) {
  const now = deps.clock.now();
  const where = tenderFilterWhere(filters, now);
  // The creation time as PostgreSQL prints it: a JavaScript Date would drop its microseconds
  // and the next batch would skip rows created within the same millisecond.
  const read = (after: { createdAtText: string; id: number } | undefined, limit: number) =>
    deps.db
      .select({ ...tenderColumns, createdAtText: sql<string>`${tenders.createdAt}::text` })
      .from(tenders)
      .where(
        and(
          ...where,
          after &&
            sql`(${tenders.createdAt}, ${tenders.id}) < (${after.createdAtText}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(desc(tenders.createdAt), desc(tenders.id))
      .limit(limit);
  for await (const rows of keysetBatches(read, { batch }))
    yield rows.map((row) => toPublicTender(row, now));
}

/**
 * One tender for whoever asks: a manager gets everything; a bidder a tender it may see (open,
 * or invited to it; never a draft) with only its own participation, and the documents once
 * signed up. Anyone else: 404.
 */
export async function getTender(deps: AppDeps, id: number, viewer: Viewer) {
  const now = deps.clock.now();
  if (viewer.kind !== 'bidder') {
    const row = await visibleTender(deps.db, viewer, id);
    const [view] = await toManagerTenders(deps.db, [row], now);
    const reportCandidates = view!.evaluation.committee
      ? await reportCandidatesOf(
          deps.db,
          view!.lots.map((lot) => lot.lotId),
          now,
        )
      : [];
    return { ...view!, reportCandidates, participation: null };
  }
  // A company's view is one query (or none): the tender, its own participation and the documents.
  const { supplierId } = viewer;
  const cached = await companyTender(deps, id, supplierId);
  if (!cached) throw tenderNotFound(id);
  const row = await withEvaluationNow(deps, cached);
  const view = companyTenderFrom(row, supplierId, now);
  // No internal field (minimum bids, invitees, links, timestamps) reaches a bidder.
  return {
    ...view,
    decryptionMinutes: row.decryptionMinutes,
    confirmMinutes: row.confirmMinutes,
    documentIds: view.documents.map((d) => d.id),
    cancelReason: row.cancelReason,
    maxLotsPerWinner: row.maxLotsPerWinner,
    evaluation: readEvaluation(row.evaluation),
    ...tenderTermsOf(row),
  };
}

/**
 * The company's cached row (sign-up.ts) with an opened committee tender's evaluation read now:
 * signing a report changes no table the cache listens to, so `evaluating` and the lots' reports
 * kept there may be old. Two small queries, for those tenders only.
 */
async function withEvaluationNow<R extends Pick<TenderRow, 'id' | 'status' | 'evaluation'>>(
  deps: AppDeps,
  row: R,
): Promise<R> {
  if (row.status !== 'opened' || !readEvaluation(row.evaluation).committee) return row;
  const [[now], lotsNow] = await Promise.all([
    deps.db.select({ evaluating: evaluatingSql }).from(tenders).where(eq(tenders.id, row.id)),
    lotViewsOfTenders(deps.db, [row.id]),
  ]);
  return { ...row, evaluating: now?.evaluating ?? false, lots: lotsNow.get(row.id) ?? [] };
}

export async function amendmentsFor(deps: AppDeps, tenderId: number, viewer: Viewer) {
  await assertReadsAmendments(deps.db, viewer, tenderId);
  return listAmendmentsOf(deps.db, tenderId);
}

type SearchQuery = PageQuery & TenderFilters & { from?: string; to?: string };

/** A search page's rows as read (their status is derived at each request) and its total. */
interface FoundPage {
  rows: TenderRow[];
  total: number;
  totalIsMinimum: boolean;
}

/**
 * Search pages kept until a table they are read from changes (db/table-cache.ts; the triggers
 * of 0012, 0013 and 0017): the same few searches are asked again and again by every visitor,
 * and a page costs a walk of a thousand tenders. Only the rows and the total are kept; each
 * row's status is derived from the clock at each request, and a search by status (whose rows
 * change as deadlines pass) is not kept.
 */
const keptSearches = tableCacheOf<FoundPage>({
  channel: DATA_CHANNEL,
  tables: ['tenders', 'amendments', 'lots', 'evaluation_reports'],
  maxEntries: 500,
});

/** The public search: published open tenders only, newest publication first. */
export async function searchPublic(
  deps: AppDeps,
  query: SearchQuery,
  /** How many of the newest public tenders a page is looked for in first (tests make them small). */
  newestWindows = NEWEST_WINDOWS,
) {
  const now = deps.clock.now();
  const find = () => findPublic(deps, query, newestWindows, now);
  const found = query.status
    ? await find()
    : await keptSearches(deps.changes).get(
        JSON.stringify([
          query.keyword ?? '',
          query.category ?? '',
          query.region ?? '',
          query.from ?? '',
          query.to ?? '',
          query.pageNum,
          query.pageSize,
          newestWindows,
        ]),
        find,
      );
  return {
    ...pageOf(
      found.rows.map((row) => toPublicTender(row, now)),
      found.total,
      query,
    ),
    ...(found.totalIsMinimum ? { totalIsMinimum: true } : {}),
  };
}

async function findPublic(
  deps: AppDeps,
  query: SearchQuery,
  newestWindows: number[],
  now: Date,
): Promise<FoundPage> {
  const where = and(
    publiclyVisible,
    ...tenderFilterWhere(
      {
        keyword: query.keyword,
        category: query.category,
        status: query.status,
        region: query.region,
      },
      now,
    ),
    query.from ? gte(tenders.publishedAt, new Date(query.from)) : undefined,
    query.to ? lte(tenders.publishedAt, new Date(query.to)) : undefined,
  );
  const page = { limit: query.pageSize, offset: offsetOf(query) };
  // First among the newest public tenders only: a bounded walk of tenders_public_newest_idx,
  // which the LIMIT inside the subquery keeps the planner from trading for the keyword index
  // (whose estimate for a common keyword can be off a hundredfold). When they hold the whole
  // page, no older tender can belong on it, so the page is exact; the matches among them are
  // then a true lower bound of the total, and counting every match of a common keyword (the
  // cost of such a search at a million tenders) is skipped. A small walk first (it fills the
  // page of a common keyword), then a wider one for the less common.
  const like = keywordValues(query.keyword)?.like;
  const values = {
    like,
    category: query.category || undefined,
    status: query.status || undefined,
    region: query.region || undefined,
    from: query.from ? new Date(query.from).toISOString() : undefined,
    to: query.to ? new Date(query.to).toISOString() : undefined,
  };
  const given = Object.entries(values).flatMap(([name, v]) => (v === undefined ? [] : [name]));
  for (const newestWindow of newestWindows) {
    const inWindow = await searchWindowOf(deps.db, `${newestWindow}:${given.join(',')}`).execute({
      ...values,
      now: now.toISOString(),
      limit: page.limit,
      offset: page.offset,
    });
    if (inWindow.length === query.pageSize)
      return {
        rows: inWindow,
        total: inWindow[0]!.matches,
        totalIsMinimum: inWindow[0]!.windowFull,
      };
  }
  // A rarer keyword: the keyword index finds its few rows in the whole table, and counts them.
  const [rows, [total]] = await Promise.all([
    selectTenders(deps.db)
      .where(where)
      .orderBy(...newestPublicFirst)
      .limit(page.limit)
      .offset(page.offset),
    deps.db.select({ n: count() }).from(tenders).where(where),
  ]);
  return { rows, total: total!.n, totalIsMinimum: false };
}

const newestPublicFirst = [desc(tenders.publishedAt), desc(tenders.id)];

/**
 * A search page among the newest `window` public tenders (searchPublic), one prepared statement
 * per window and combination of filters given: the filters only sift the window's rows, so one
 * generic plan serves every value, and neither drizzle nor PostgreSQL plans it again per search.
 */
const searchWindowOf = preparedVariants((db, variant) => {
  const [windowText, filters] = variant.split(':');
  const newestWindow = Number(windowText);
  const given = new Set(filters!.split(','));
  const value = (name: string) => sql.placeholder(name);
  const newest = db
    .select()
    .from(tenders)
    .where(publiclyVisible)
    .orderBy(...newestPublicFirst)
    .limit(newestWindow)
    .as('tenders');
  return db
    .select({
      ...tenderColumns,
      matches: sql<number>`(count(*) over ())::int`,
      windowFull: windowIsFull(newestWindow),
    })
    .from(newest)
    .where(
      and(
        given.has('like')
          ? sql`${tenders.searchText} like ${value('like')} escape '\\'`
          : undefined,
        given.has('category') ? sql`${tenders.category} = ${value('category')}` : undefined,
        given.has('status')
          ? sql`${effectiveTenderStatusSql(sql`${value('now')}`)} = ${value('status')}`
          : undefined,
        given.has('region') ? sql`${tenders.region} = ${value('region')}` : undefined,
        given.has('from')
          ? sql`${tenders.publishedAt} >= ${value('from')}::timestamptz`
          : undefined,
        given.has('to') ? sql`${tenders.publishedAt} <= ${value('to')}::timestamptz` : undefined,
      ),
    )
    .orderBy(...newestPublicFirst)
    .limit(value('limit'))
    .offset(value('offset'))
    .prepare(`public_search_${newestWindow}${filters ? `_${filters.replaceAll(',', '_')}` : ''}`);
});

/**
 * How many of the newest public tenders a search page is looked for in, one walk after the
 * other, before the keyword index: 1,000 fill a page of a keyword one tender in a hundred
 * holds at a fifth of the cost of 5,000 (PGlite, 100,000 tenders: ~4 ms for ~20 ms).
 */
const NEWEST_WINDOWS = [1_000, 5_000];

/**
 * Whether there are more public tenders than the window: only then is its count a lower bound.
 * Uncorrelated, so PostgreSQL evaluates it once per search (an InitPlan), in the same query.
 */
const windowIsFull = (newestWindow: number) =>
  sql<boolean>`exists (select 1 from ${tenders} where ${publiclyVisible} order by ${tenders.publishedAt} desc, ${tenders.id} desc offset ${newestWindow} limit 1)`;

/**
 * A public tender with the announcements anyone may read (published, or revoked with its
 * reason), so the public detail of an awarded tender leads to its 公示 and 结果公告.
 */
export async function getPublic(deps: AppDeps, id: number): Promise<PublicTenderDetail> {
  const [[row], links] = await Promise.all([
    selectTenders(deps.db).where(and(eq(tenders.id, id), publiclyVisible)),
    deps.db
      .select({
        id: announcements.id,
        kind: announcements.kind,
        title: announcements.title,
        status: announcements.status,
        publishedAt: announcements.publishedAt,
      })
      .from(announcements)
      .where(
        and(
          eq(announcements.tenderId, id),
          inArray(announcements.status, ['published', 'revoked']),
        ),
      )
      .orderBy(asc(announcements.publishedAt), asc(announcements.id)),
  ]);
  if (!row) throw new NotFound(`招标 ${id} 不存在`);
  const view = toPublicTender(row, deps.clock.now());
  const evaluation = readEvaluation(row.evaluation);
  const lotTender = { status: view.status, committee: evaluation.committee };
  return {
    ...view,
    lots: ((await lotViewsOfTenders(deps.db, [id])).get(id) ?? []).map((lot) =>
      toPublicLotView(lot, lotTender),
    ),
    maxLotsPerWinner: row.maxLotsPerWinner,
    evaluation,
    ...tenderTermsOf(row),
    announcements: links.map((a) => ({
      ...a,
      status: a.status === 'revoked' ? 'revoked' : 'published',
      publishedAt: a.publishedAt?.toISOString() ?? null,
    })),
  };
}
