import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { tenders } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { listFiles } from '../files/service.js';
import { type Viewer, assertReadsAmendments, visibleTender } from './access.js';
import { listAmendmentsOf } from './amend.js';
import {
  publiclyVisible,
  selectTenders,
  tenderFilterWhere,
  toManagerTenders,
  toPublicTender,
  type TenderFilters,
} from './queries.js';
import { participationOf } from './sign-up.js';

/** 招标管理: every tender, newest first, status and filters on the clock. */
export async function listTenders(deps: AppDeps, query: TenderFilters & PageQuery) {
  const now = deps.clock.now();
  const where = and(...tenderFilterWhere(query, now));
  const [rows, [total]] = await Promise.all([
    selectTenders(deps.db)
      .where(where)
      .orderBy(desc(tenders.createdAt), desc(tenders.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(tenders).where(where),
  ]);
  return pageOf(await toManagerTenders(deps.db, rows, now), total!.n, query);
}

export async function allTenders(deps: AppDeps, filters: TenderFilters) {
  const now = deps.clock.now();
  const rows = await selectTenders(deps.db)
    .where(and(...tenderFilterWhere(filters, now)))
    .orderBy(desc(tenders.createdAt), desc(tenders.id))
    .limit(100_000);
  return rows.map((row) => toPublicTender(row, now));
}

/**
 * One tender for whoever asks: a manager gets everything; a bidder a tender it may see (open,
 * or invited to it; never a draft) with only its own participation, and the documents once
 * signed up. Anyone else: 404.
 */
export async function getTender(deps: AppDeps, id: number, viewer: Viewer, user: AuthUser) {
  const now = deps.clock.now();
  const row = await visibleTender(deps.db, viewer, id);
  if (viewer.kind === 'manager') {
    const [view] = await toManagerTenders(deps.db, [row], now);
    return { ...view!, participation: null };
  }
  const supplierId = user.supplierId!;
  const participation = await participationOf(deps.db, row, supplierId, now);
  const documents = participation.signedUp ? await listFiles(deps.db, 'tender', id) : [];
  // No internal field (minimum bids, invitees, links, timestamps) reaches a bidder.
  return {
    ...toPublicTender(row, now),
    decryptionMinutes: row.decryptionMinutes,
    documentIds: documents.map((d) => d.id),
    documents,
    cancelReason: row.cancelReason,
    participation,
  };
}

export async function amendmentsFor(deps: AppDeps, tenderId: number, viewer: Viewer) {
  await assertReadsAmendments(deps.db, viewer, tenderId);
  return listAmendmentsOf(deps.db, tenderId);
}

/** The public search: published open tenders only, newest publication first. */
export async function searchPublic(
  deps: AppDeps,
  query: PageQuery & TenderFilters & { from?: string; to?: string },
) {
  const now = deps.clock.now();
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
  const [rows, [total]] = await Promise.all([
    selectTenders(deps.db)
      .where(where)
      .orderBy(desc(tenders.publishedAt), desc(tenders.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(tenders).where(where),
  ]);
  return pageOf(
    rows.map((row) => toPublicTender(row, now)),
    total!.n,
    query,
  );
}

export async function getPublic(deps: AppDeps, id: number) {
  const [row] = await selectTenders(deps.db).where(and(eq(tenders.id, id), publiclyVisible));
  if (!row) throw new NotFound(`招标 ${id} 不存在`);
  return toPublicTender(row, deps.clock.now());
}
