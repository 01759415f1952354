import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Lot, ProcurementMethod, PublicTender, Tender } from '@tender/contracts';
import { readEvaluation, type EvaluationView } from '@tender/contracts/evaluation';
import { questionsUntilOf } from '@tender/contracts/question';
import type { Tx } from '../../db/client.js';
import { dictItems, files, tenderInvitations, tenders } from '../../db/schema/index.js';
import { iso } from '../../lib/paging.js';
import { keywordCondition, searchTextOf, searchVectorSql } from '../../lib/search-index.js';
import { richTextToPlain } from '../../lib/rich-text.js';
import { NotFound } from '../../lib/errors.js';
import { listFiles, listedFilesFrom, listedFilesSql, type ListedFile } from '../files/service.js';
import { effectiveTenderStatus, effectiveTenderStatusSql, evaluatingSql } from './status.js';
import { admitsSql, openToAll } from './method.js';
import { lotViewsOfTenders, toLotView, type LotViewRow } from './lots.js';

/** Every column but the search ones, plus the number of amendments. */
export const tenderColumns = {
  id: tenders.id,
  tenderNo: tenders.tenderNo,
  title: tenders.title,
  category: tenders.category,
  procurementMethod: tenders.procurementMethod,
  budget: tenders.budget,
  currency: tenders.currency,
  region: tenders.region,
  description: tenders.description,
  contact: tenders.contact,
  contactPhone: tenders.contactPhone,
  mandatory: tenders.mandatory,
  docsFrom: tenders.docsFrom,
  docsUntil: tenders.docsUntil,
  bidValidityDays: tenders.bidValidityDays,
  bidDeadline: tenders.bidDeadline,
  openingAt: tenders.openingAt,
  minBids: tenders.minBids,
  priceCeiling: tenders.priceCeiling,
  sealMode: tenders.sealMode,
  decryptionMinutes: tenders.decryptionMinutes,
  confirmMinutes: tenders.confirmMinutes,
  decryptUntil: tenders.decryptUntil,
  status: tenders.status,
  cancelReason: tenders.cancelReason,
  retenderOf: tenders.retenderOf,
  publishedAt: tenders.publishedAt,
  createdBy: tenders.createdBy,
  createdAt: tenders.createdAt,
  updatedAt: tenders.updatedAt,
  // Written out in full: drizzle leaves column names unqualified in a select list.
  amendmentCount: sql<number>`(select count(*)::int from amendments where amendments.tender_id = tenders.id)`,
  lotCount: sql<number>`(select count(*)::int from lots where lots.tender_id = tenders.id)`,
  maxLotsPerWinner: tenders.maxLotsPerWinner,
  evaluation: tenders.evaluation,
  questionsUntil: tenders.questionsUntil,
  bondForms: tenders.bondForms,
  /** A lot of it is being evaluated: the status reads `evaluating` (see status.ts). */
  evaluating: evaluatingSql,
};

export const selectTenders = (tx: Tx) => tx.select(tenderColumns).from(tenders);
export type TenderRow = Awaited<ReturnType<ReturnType<typeof selectTenders>['execute']>>[number];

export async function tenderRow(tx: Tx, id: number, lock = false) {
  const query = selectTenders(tx).where(eq(tenders.id, id));
  const [row] = lock ? await query.for('update', { of: tenders }) : await query;
  if (!row) throw new NotFound(`招标 ${id} 不存在`);
  return row;
}

const amountOf = (value: string | null) => (value === null ? null : Number(value));

/** What anyone may see: never minBids, invitees, the author, sign-ups or bids. */
export function toPublicTender(row: TenderRow, now: Date): PublicTender {
  return {
    id: row.id,
    tenderNo: row.tenderNo,
    title: row.title,
    category: row.category,
    procurementMethod: row.procurementMethod,
    budget: Number(row.budget),
    currency: row.currency,
    region: row.region,
    description: row.description,
    contact: row.contact,
    contactPhone: row.contactPhone,
    mandatory: row.mandatory,
    docsFrom: iso(row.docsFrom),
    docsUntil: iso(row.docsUntil),
    bidValidityDays: row.bidValidityDays,
    bidDeadline: row.bidDeadline.toISOString(),
    openingAt: row.openingAt.toISOString(),
    priceCeiling: amountOf(row.priceCeiling),
    sealMode: row.sealMode,
    decryptUntil: row.status === 'opening' ? iso(row.decryptUntil) : null,
    status: effectiveTenderStatus(row, now),
    publishedAt: iso(row.publishedAt),
    amendmentCount: Number(row.amendmentCount),
    lotCount: Number(row.lotCount),
  };
}

/** 答疑截止 (the stored one, or its default from the deadline) and the bond forms accepted. */
export function tenderTermsOf(
  row: Pick<TenderRow, 'questionsUntil' | 'bondForms' | 'mandatory' | 'bidDeadline'>,
) {
  return {
    questionsUntil: questionsUntilOf(row).toISOString(),
    bondForms: row.bondForms,
  };
}

export async function invitedIdsOf(tx: Tx, tenderIds: number[]) {
  const byTender = new Map<number, number[]>();
  if (!tenderIds.length) return byTender;
  const rows = await tx
    .select()
    .from(tenderInvitations)
    .where(inArray(tenderInvitations.tenderId, tenderIds))
    .orderBy(tenderInvitations.supplierId);
  for (const row of rows)
    byTender.set(row.tenderId, [...(byTender.get(row.tenderId) ?? []), row.supplierId]);
  return byTender;
}

/** The managers' view: a tender with its lots, the cap of 兼投不兼中 and its 评标设置. */
export type ManagerTender = Tender & {
  lots: Lot[];
  maxLotsPerWinner: number | null;
  evaluation: EvaluationView;
};

/** The managers' view, documents, invitees and lots included (one query each for a whole page). */
export async function toManagerTenders(
  tx: Tx,
  rows: TenderRow[],
  now: Date,
): Promise<ManagerTender[]> {
  const ids = rows.map((r) => r.id);
  const invited = await invitedIdsOf(tx, ids);
  const lotsByTender = await lotViewsOfTenders(tx, ids);
  const documents = new Map<number, Awaited<ReturnType<typeof listFiles>>>();
  if (ids.length) {
    const fileRows = await tx
      .select({ ownerId: files.ownerId, id: files.id })
      .from(files)
      .where(and(eq(files.ownerType, 'tender'), inArray(files.ownerId, ids)));
    const owners = [...new Set(fileRows.map((f) => f.ownerId!))];
    for (const owner of owners) documents.set(owner, await listFiles(tx, 'tender', owner));
  }
  return rows.map((row) =>
    managerTenderOf(row, now, {
      documents: documents.get(row.id) ?? [],
      invitedSupplierIds: invited.get(row.id) ?? [],
      lots: lotsByTender.get(row.id) ?? [],
    }),
  );
}

/**
 * What toManagerTenders reads apart, as columns of the tenders' own query (correlated on
 * `tenders.id`): 招标管理's page is then one query (read a row with `managerListRowFrom`).
 * A list row has no lots (tenderListRow), so none are read.
 */
export const managerListColumns = {
  ...tenderColumns,
  invitedSupplierIds: sql<
    number[] | string
  >`(select coalesce(json_agg(i.supplier_id order by i.supplier_id), '[]'::json) from tender_invitations i where i.tender_id = tenders.id)`,
  documents: listedFilesSql('tender', sql`tenders.id`),
};

type ManagerListRow = TenderRow & { invitedSupplierIds: number[] | string; documents: unknown };

export const managerListRowFrom = (row: ManagerListRow, now: Date) =>
  managerTenderOf(row, now, {
    documents: listedFilesFrom(row.documents),
    invitedSupplierIds:
      typeof row.invitedSupplierIds === 'string'
        ? (JSON.parse(row.invitedSupplierIds) as number[])
        : row.invitedSupplierIds,
    lots: [],
  });

function managerTenderOf(
  row: TenderRow,
  now: Date,
  read: { documents: ListedFile[]; invitedSupplierIds: number[]; lots: LotViewRow[] },
): ManagerTender {
  const view = toPublicTender(row, now);
  const evaluation = readEvaluation(row.evaluation);
  const lotTender = { status: view.status, committee: evaluation.committee };
  return {
    ...view,
    minBids: row.minBids,
    decryptionMinutes: row.decryptionMinutes,
    confirmMinutes: row.confirmMinutes,
    invitedSupplierIds: read.invitedSupplierIds,
    documentIds: read.documents.map((d) => d.id),
    documents: read.documents,
    cancelReason: row.cancelReason,
    retenderOf: row.retenderOf,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lots: read.lots.map((lot) => toLotView(lot, lotTender)),
    maxLotsPerWinner: row.maxLotsPerWinner,
    evaluation,
    ...tenderTermsOf(row),
    questionsUntilDefault: row.questionsUntil === null,
  };
}

export interface TenderFilters {
  keyword?: string;
  category?: string;
  status?: string;
  procurementMethod?: ProcurementMethod;
  region?: string;
}

/** Filters in SQL, the status the effective one (so a tender closed a second ago filters as closed). */
export function tenderFilterWhere(f: TenderFilters, now: Date, { useIndex = true } = {}): SQL[] {
  const conditions: (SQL | undefined)[] = [
    keywordCondition(f.keyword, undefined, { useIndex }),
    f.category ? eq(tenders.category, f.category) : undefined,
    f.status ? sql`${effectiveTenderStatusSql(now)} = ${f.status}` : undefined,
    f.procurementMethod ? eq(tenders.procurementMethod, f.procurementMethod) : undefined,
    f.region ? eq(tenders.region, f.region) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** Published once, open to all: what the public search and the public detail show. */
export const publiclyVisible = sql`(${tenders.status} <> 'draft' and ${tenders.publishedAt} is not null and ${openToAll()})`;

/** What a bidder company may know of: non-draft, open or invited to it. */
export const visibleToSupplier = (supplierId: number | Placeholder) =>
  sql`(${tenders.status} <> 'draft' and ${admitsSql(supplierId)})`;

/** The dictionary label of a value, for the search text (category and region are searched by both). */
async function labelOf(tx: Tx, typeCode: string, value: string | null) {
  if (!value) return null;
  const [item] = await tx
    .select({ label: dictItems.label })
    .from(dictItems)
    .where(and(eq(dictItems.typeCode, typeCode), eq(dictItems.value, value)));
  return item?.label ?? null;
}

/** The search columns of a tender, recomputed whenever a searched field changes. */
export async function searchColumns(
  tx: Tx,
  t: {
    title: string;
    tenderNo: string;
    category: string;
    region: string | null;
    description: string;
  },
) {
  const searchText = searchTextOf([
    t.title,
    t.tenderNo,
    await labelOf(tx, 'tender_category', t.category),
    t.category,
    await labelOf(tx, 'region', t.region),
    t.region,
    richTextToPlain(t.description),
  ]);
  return { searchText, searchVector: searchVectorSql(searchText) };
}

type SearchedFields = Omit<Parameters<typeof searchColumns>[1], 'tenderNo'>;

/** Saves a tender's new field values, with its search columns recomputed from them. */
export async function saveTenderFields(
  tx: Tx,
  tender: { id: number; tenderNo: string },
  values: SearchedFields & Partial<typeof tenders.$inferInsert>,
  now: Date,
) {
  const search = await searchColumns(tx, { ...values, tenderNo: tender.tenderNo });
  await tx
    .update(tenders)
    .set({ ...values, updatedAt: now, ...search })
    .where(eq(tenders.id, tender.id));
}
