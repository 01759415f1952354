import { and, asc, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { OpenTender } from '@tender/contracts';
import { readEvaluation } from '@tender/contracts/evaluation';
import type { AppDeps } from '../../app-deps.js';
import { DATA_CHANNEL, type Tx } from '../../db/client.js';
import { preparedQuery, preparedVariants } from '../../db/prepared.js';
import { tableCacheOf } from '../../db/table-cache.js';
import { participations, suppliers, tenderInvitations, tenders } from '../../db/schema/index.js';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import {
  effectiveSupplierStatus,
  effectiveSupplierStatusSql,
  supplierBlockReason,
} from '../../lib/supplier-status.js';
import { keywordValues } from '../../lib/search-index.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { listedFilesFrom, listedFilesSql } from '../files/service.js';
import { type Viewer, visibleTender } from './access.js';
import { COUNT_BOUNDS, keywordPageFirstInWindow, openListTotal, pageBound } from './list-counts.js';
import { tenderColumns, toPublicTender, visibleToSupplier, type TenderRow } from './queries.js';
import { effectiveTenderStatus } from './status.js';
import { STATUS_LABEL } from './rules.js';
import { admits, admitsSql, isInvited, notInvitedToSignUp, restrictsToInvitees } from './method.js';
import {
  addSignedUpLots,
  lotsJsonSql,
  lotsOfTender,
  pickLot,
  toPublicLotView,
  type LotViewRow,
} from './lots.js';

export const DEADLINE_PASSED = '已过投标截止时间，不能报名';

async function supplierOf(tx: Tx, supplierId: number) {
  const [row] = await tx
    .select({
      id: suppliers.id,
      companyName: suppliers.companyName,
      status: suppliers.status,
      blacklistUntil: suppliers.blacklistUntil,
    })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  return row ?? null;
}

/** Why this company may not sign up for this tender now, or null. */
function refusalOf(
  tender: TenderRow,
  supplier: {
    status: 'pending' | 'approved' | 'rejected' | 'blacklisted';
    blacklistUntil: Date | null;
  },
  invited: boolean,
  now: Date,
) {
  const status = effectiveTenderStatus(tender, now);
  if (status === 'closed') return DEADLINE_PASSED;
  if (status !== 'published') return `该招标当前状态为「${STATUS_LABEL[status]}」，不能报名`;
  if (!admits(tender.procurementMethod, invited))
    return notInvitedToSignUp(tender.procurementMethod);
  const effective = effectiveSupplierStatus(supplier, now);
  return supplierBlockReason(effective, supplier.blacklistUntil);
}

/** Idempotent: a second sign-up (or two at once) leaves one row and answers alreadySignedUp. */
async function signUp(
  tx: Tx,
  row: { tenderId: number; supplierId: number; userId: number; invitedBy: number | null },
  lotIds: readonly number[] | undefined,
  now: Date,
) {
  const { tenderId, supplierId } = row;
  if (lotIds) {
    const tenderLots = await lotsOfTender(tx, tenderId);
    for (const lotId of lotIds) {
      const lot = pickLot(tenderLots, lotId, 'lotIds');
      if (lot.status !== 'active')
        throw new Invalid('lotIds', `标段 ${lot.lotNo}「${lot.name}」已流标或已定标，不能报名`);
    }
  }
  const inserted = await tx
    .insert(participations)
    .values({ ...row, createdAt: now })
    .onConflictDoNothing()
    .returning({ createdAt: participations.createdAt });
  if (inserted.length) {
    const signedUpLots = await addSignedUpLots(tx, tenderId, supplierId, lotIds, now);
    return { alreadySignedUp: false, signedUpAt: inserted[0]!.createdAt, lotIds: signedUpLots };
  }
  const signedUpLots = await addSignedUpLots(tx, tenderId, supplierId, lotIds, now);
  const [existing] = await tx
    .select({ createdAt: participations.createdAt })
    .from(participations)
    .where(and(eq(participations.tenderId, tenderId), eq(participations.supplierId, supplierId)));
  return { alreadySignedUp: true, signedUpAt: existing!.createdAt, lotIds: signedUpLots };
}

/**
 * 报名: a bidder signs up its own company; a manager holding tender:invite invites a company
 * (added to the invitees of an invited tender) and signs it up.
 */
export async function addSupply(
  deps: AppDeps,
  input: { tenderId: number; supplierId?: number; lotIds?: number[] },
  user: AuthUser,
  viewer: Viewer,
  actor: Actor,
) {
  const inviting = viewer.kind !== 'bidder' && (await holdsPower(deps.db, user, 'tender:invite'));
  if (viewer.kind !== 'bidder' && !inviting)
    throw new Forbidden('只有投标人或有邀请权限的招标管理员可以报名');
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // A bidder not invited to an invited tender learns why it may not sign up (409 below).
    const tender = await visibleTender(tx, { kind: 'manager' }, input.tenderId);
    if (!inviting && tender.status === 'draft') throw new NotFound(`招标 ${input.tenderId} 不存在`);
    let supplierId: number;
    if (viewer.kind === 'bidder') {
      if (input.supplierId !== undefined && input.supplierId !== viewer.supplierId)
        throw new NotFound(`供应商 ${input.supplierId} 不存在`);
      supplierId = viewer.supplierId;
    } else {
      if (input.supplierId === undefined) throw new Invalid('supplierId', '请选择要邀请的供应商');
      supplierId = input.supplierId;
    }
    const supplier = await supplierOf(tx, supplierId);
    if (!supplier) throw new NotFound(`供应商 ${supplierId} 不存在`);
    const invited = inviting || (await isInvited(tx, tender.id, supplierId));
    const refusal = refusalOf(tender, supplier, invited, now);
    if (refusal)
      throw new Conflict(
        inviting
          ? `不能邀请「${supplier.companyName}」：${refusal.replace('贵公司', '该供应商')}`
          : refusal,
      );
    if (inviting && restrictsToInvitees(tender.procurementMethod))
      await tx
        .insert(tenderInvitations)
        .values({ tenderId: tender.id, supplierId })
        .onConflictDoNothing();
    const result = await signUp(
      tx,
      {
        tenderId: tender.id,
        supplierId,
        userId: user.userid,
        invitedBy: inviting ? user.userid : null,
      },
      input.lotIds,
      now,
    );
    if (!result.alreadySignedUp)
      await recordAudit(tx, actor, {
        targetType: 'tender',
        targetId: tender.id,
        after: {
          signedUp: supplier.companyName,
          supplierId,
          invitedBy: inviting ? user.username : null,
          lotIds: result.lotIds,
        },
      });
    else if (input.lotIds)
      await recordAudit(tx, actor, {
        targetType: 'tender',
        targetId: tender.id,
        after: { signedUpLots: supplier.companyName, supplierId, lotIds: result.lotIds },
      });
    return {
      signedUp: true as const,
      alreadySignedUp: result.alreadySignedUp,
      signedUpAt: result.signedUpAt.toISOString(),
      lotIds: result.lotIds,
    };
  });
}

/**
 * What a company's view of a tender needs beside the tender's row — its sign-up, the amendments
 * since, its invitation, its review state — as columns of the tender's own query (correlated on
 * `tenders.id`), so that a tender or a page of them costs one query, not four per tender.
 */
export function participationColumns(supplierId: number | Placeholder) {
  const signedUpAt = sql`(select p.created_at from participations p where p.tender_id = tenders.id and p.supplier_id = ${supplierId})`;
  return {
    signedUpAt: signedUpAt.mapWith(participations.createdAt),
    amendmentsSince: sql<number>`(select count(*)::int from amendments a where a.tender_id = tenders.id and a.created_at > ${signedUpAt})`,
    invited: sql<boolean>`exists (select 1 from tender_invitations i where i.tender_id = tenders.id and i.supplier_id = ${supplierId})`,
    signedUpLotIds: sql<
      number[] | string
    >`(select coalesce(json_agg(pl.lot_id order by l.lot_no), '[]'::json) from participation_lots pl join lots l on l.id = pl.lot_id where pl.tender_id = tenders.id and pl.supplier_id = ${supplierId})`,
    supplierStatus: sql`(select s.status from suppliers s where s.id = ${supplierId})`.mapWith(
      suppliers.status,
    ),
    blacklistUntil:
      sql`(select s.blacklist_until from suppliers s where s.id = ${supplierId})`.mapWith(
        suppliers.blacklistUntil,
      ),
  };
}

type ParticipationFacts = {
  signedUpAt: Date | null;
  signedUpLotIds: number[] | string | null;
  amendmentsSince: number;
  invited: boolean;
  supplierStatus: 'pending' | 'approved' | 'rejected' | 'blacklisted' | null;
  blacklistUntil: Date | null;
};

/** A json column as the driver hands it: parsed (node-postgres, PGlite) or as text. */
const jsonOf = <T>(value: T | string | null, empty: T): T =>
  value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The company's own participation in a tender: never anything about the others. */
export function participationFrom(
  tender: TenderRow,
  facts: ParticipationFacts,
  supplierId: number,
  now: Date,
) {
  if (!facts.supplierStatus) throw new NotFound(`供应商 ${supplierId} 不存在`);
  const supplier = { status: facts.supplierStatus, blacklistUntil: facts.blacklistUntil };
  const signedUp = facts.signedUpAt !== null;
  return {
    signedUp,
    signedUpAt: facts.signedUpAt ? facts.signedUpAt.toISOString() : null,
    signUpRefusal: signedUp ? null : refusalOf(tender, supplier, Boolean(facts.invited), now),
    amendmentCount: signedUp ? Number(facts.amendmentsSince) : 0,
    lotIds: signedUp ? jsonOf<number[]>(facts.signedUpLotIds, []) : [],
  };
}

/**
 * Tenders as a company sees them: each row carries the company's participation and, once it
 * has signed up, the tender's documents (read a row with `companyTenderFrom`).
 */
export const selectForCompany = (tx: Tx, supplierId: number | Placeholder) => {
  const participation = participationColumns(supplierId);
  return tx
    .select({
      ...tenderColumns,
      ...participation,
      // A tender's lots as their rows (numbers as text, like the table's own columns), each with
      // its latest report's status (reads.ts reads an opened committee tender's again: no cache
      // hears of a signature).
      lots: lotsJsonSql,
      documents: sql<unknown>`case when ${participation.signedUpAt} is not null then ${listedFilesSql('tender', sql`tenders.id`)} end`,
    })
    .from(tenders);
};
type CompanyTenderRow = Awaited<ReturnType<ReturnType<typeof selectForCompany>['execute']>>[number];

const companyTenderById = preparedQuery((db) =>
  selectForCompany(db, sql.placeholder('supplierId'))
    .where(
      and(eq(tenders.id, sql.placeholder('id')), visibleToSupplier(sql.placeholder('supplierId'))),
    )
    .prepare('company_tender_by_id'),
);

/**
 * Companies' views of tenders as read, kept until one of the tables they come from changes: the
 * busiest read of a tender's last days (every bidder reloading it), answered without a query.
 * Only the rows are kept; the status, the deadline and the refusal are derived at each request.
 */
const companyTenderRows = tableCacheOf<CompanyTenderRow | undefined>({
  channel: DATA_CHANNEL,
  tables: [
    'tenders',
    'amendments',
    'participations',
    'tender_invitations',
    'suppliers',
    'files',
    'lots',
    'participation_lots',
  ],
  maxEntries: 5_000,
});

/** One tender as a company sees it, or nothing when it may not know of it (a draft, not invited). */
export const companyTender = ({ db, changes }: AppDeps, id: number, supplierId: number) =>
  companyTenderRows(changes).get(`${id}:${supplierId}`, async () => {
    const [row] = await companyTenderById(db).execute({ id, supplierId });
    return row;
  });

export function companyTenderFrom(row: CompanyTenderRow, supplierId: number, now: Date) {
  const participation = participationFrom(row, row, supplierId, now);
  const view = toPublicTender(row, now);
  const lotTender = { status: view.status, committee: readEvaluation(row.evaluation).committee };
  return {
    ...view,
    lots: jsonOf<LotViewRow[]>(row.lots, []).map((lot) => toPublicLotView(lot, lotTender)),
    participation,
    documents: participation.signedUp ? listedFilesFrom(row.documents) : [],
  };
}

/**
 * 招标信息's page: published and closed tenders this company may see, with its own participation.
 * Open ones first, the nearest deadline first; then the closed ones, latest first. Both are
 * stored as `published` (the clock tells them apart at its deadline), so the page is two bounded
 * walks of tenders_status_deadline_idx, one up from now and one down, and only its own rows get
 * the company's columns. One prepared statement per combination of filters given (planning the
 * whole of it took longer than running it). A keyword's page is first looked for among the
 * first `window:N` open tenders by its LIKE alone (prepared too: the window bounds the walk); a
 * page they do not fill is planned for that keyword (the keyword index finds a rare one at once,
 * where a plan kept for a common one would walk the whole index).
 */
const openTendersPageOf = preparedVariants((db, variant) => {
  const given = new Set(variant.split(','));
  const newestWindow = [...given].find((name) => name.startsWith('window:'))?.slice(7);
  const supplierId = sql.placeholder('supplierId');
  const at = sql`${sql.placeholder('now')}::timestamptz`;
  const like = sql`${tenders.searchText} like ${sql.placeholder('like')} escape '\\'`;
  const signedUp = sql`exists (select 1 from ${participations} where ${participations.tenderId} = ${tenders.id} and ${participations.supplierId} = ${supplierId})`;
  const where = and(
    // Published or closed on the clock: no other effective status is derived from `published`.
    sql`${tenders.status} = 'published'`,
    admitsSql(supplierId),
    given.has('keyword') && !newestWindow
      ? sql`(${tenders.searchVector} @@ ${sql.placeholder('tsquery')}::tsquery and ${like})`
      : undefined,
    given.has('category') ? sql`${tenders.category} = ${sql.placeholder('category')}` : undefined,
    given.has('signedUp') ? signedUp : given.has('notSignedUp') ? sql`not ${signedUp}` : undefined,
  );
  const reach = sql.placeholder('reach');
  // The first open tenders, nearest deadline first, hold the page's first rows: a page they
  // fill is the page.
  const pageIds = newestWindow
    ? sql`(select w.id from (
      select ${tenders.id} as id, ${tenders.bidDeadline} as deadline, ${tenders.searchText} as search_text from ${tenders}
      where ${where} and ${tenders.bidDeadline} > ${at}
      order by ${tenders.bidDeadline} asc, ${tenders.id} desc limit ${Number(newestWindow)}
    ) w where w.search_text like ${sql.placeholder('like')} escape '\\'
    order by w.deadline asc, w.id desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`
    : sql`(select page.id from (
      (select ${tenders.id} as id, 0 as part, ${tenders.bidDeadline} as deadline from ${tenders}
       where ${where} and ${tenders.bidDeadline} > ${at}
       order by ${tenders.bidDeadline} asc, ${tenders.id} desc limit ${reach})
      union all
      (select ${tenders.id}, 1, ${tenders.bidDeadline} from ${tenders}
       where ${where} and ${tenders.bidDeadline} <= ${at}
       order by ${tenders.bidDeadline} desc, ${tenders.id} desc limit ${reach})
    ) page
    order by page.part, case when page.part = 0 then page.deadline end asc, page.deadline desc, page.id desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`;
  const page = selectForCompany(db, supplierId)
    .where(sql`${tenders.id} in ${pageIds}`)
    .orderBy(
      sql`case when ${tenders.bidDeadline} > ${at} then 0 else 1 end`,
      sql`case when ${tenders.bidDeadline} > ${at} then ${tenders.bidDeadline} end asc`,
      desc(tenders.bidDeadline),
      desc(tenders.id),
    );
  return given.has('keyword') && !newestWindow
    ? page
    : page.prepare(`open_tenders_page${variant ? `_${variant.replace(/[,:]/g, '_')}` : ''}`);
});

/**
 * 招标信息: the page (above) and its total, counted apart (list-counts.ts), a keyword's bounded
 * (then `totalIsMinimum`).
 */
export async function listOpenTenders(
  deps: AppDeps,
  query: PageQuery & { keyword?: string; category?: string; signedUp?: boolean },
  user: AuthUser,
  bounds = COUNT_BOUNDS,
) {
  const now = deps.clock.now();
  const supplierId = user.supplierId;
  if (!supplierId) return pageOf<OpenTender>([], 0, query);
  const keyword = keywordValues(query.keyword);
  const category = query.category || undefined;
  const given = [
    ...(keyword ? ['keyword'] : []),
    ...(category ? ['category'] : []),
    ...(query.signedUp === true ? ['signedUp'] : []),
    ...(query.signedUp === false ? ['notSignedUp'] : []),
  ];
  const offset = offsetOf(query);
  const pageOfVariant = (variant: string[]) =>
    openTendersPageOf(deps.db, variant.join(',')).execute({
      supplierId,
      now: now.toISOString(),
      reach: offset + query.pageSize,
      limit: query.pageSize,
      offset,
      ...keyword,
      category,
    });
  const [rows, { total, totalIsMinimum }] = await Promise.all([
    keywordPageFirstInWindow(pageOfVariant, given, {
      keyword: Boolean(keyword),
      pageSize: query.pageSize,
      bounds,
    }),
    openListTotal(
      deps,
      { keyword: query.keyword, category: query.category },
      supplierId,
      query.signedUp,
      now,
      pageBound(offset, query.pageSize, bounds),
    ),
  ]);
  const list: OpenTender[] = rows.map((row) => companyTenderFrom(row, supplierId, now));
  if (!totalIsMinimum) return pageOf(list, total, query);
  // A lower bound less the company's sign-ups (只看未报名) still holds at least this page.
  return { ...pageOf(list, Math.max(total, offset + list.length), query), totalIsMinimum };
}

/** Approved companies (on the clock) for the invite select. */
export async function supplyOptions(deps: AppDeps) {
  const rows = await deps.db
    .select({ value: suppliers.id, label: suppliers.companyName })
    .from(suppliers)
    .where(sql`${effectiveSupplierStatusSql(deps.clock.now())} = 'approved'`)
    .orderBy(asc(suppliers.companyName));
  return rows;
}

/** Managers: who signed up, invited or not, and how many downloads each made. */
export async function participantsOf(deps: AppDeps, tenderId: number) {
  const now = deps.clock.now();
  await visibleTender(deps.db, { kind: 'manager' }, tenderId);
  const rows = await deps.db
    .select({
      supplierId: suppliers.id,
      companyName: suppliers.companyName,
      creditCode: suppliers.creditCode,
      contactName: suppliers.contactName,
      phone: suppliers.phone,
      status: effectiveSupplierStatusSql(now),
      signedUpAt: participations.createdAt,
      // Written out in full: drizzle leaves column names unqualified in a select list.
      invited: sql<boolean>`(participations.invited_by is not null or exists (select 1 from tender_invitations i where i.tender_id = participations.tender_id and i.supplier_id = participations.supplier_id))`,
      downloads: sql<number>`(select count(*)::int from download_log d where d.tender_id = participations.tender_id and d.supplier_id = participations.supplier_id)`,
    })
    .from(participations)
    .innerJoin(suppliers, eq(suppliers.id, participations.supplierId))
    .where(eq(participations.tenderId, tenderId))
    .orderBy(asc(participations.createdAt), asc(participations.id));
  return rows.map((r) => ({
    ...r,
    invited: Boolean(r.invited),
    downloads: Number(r.downloads),
    signedUpAt: r.signedUpAt.toISOString(),
  }));
}
