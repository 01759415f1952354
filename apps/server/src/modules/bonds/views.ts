import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { maskAccount, type Bond } from '@tender/contracts/bond';
import type { Tx } from '../../db/client.js';
import { bonds, lots, suppliers, tenders } from '../../db/schema/index.js';
import { likePattern, offsetOf, type PageQuery } from '../../lib/paging.js';
import { listedFilesFrom, listedFilesSql } from '../files/service.js';
import { dueAtSql, listedStatusSql, overdueSql, refundEventSql } from './refund-clock.js';

/**
 * Bonds as their readers see them. The payer's account is in full for the declaring supplier
 * only, masked to its last four digits for everyone else (finance and managers included); the
 * other suppliers bonding from the same account are named to finance and managers only. No
 * column of a bid is read here: a bond never tells a price.
 */

/** Who reads: the declaring supplier's users see their own account in full. */
export interface BondReader {
  supplierId: number | null;
  /** Finance and managers (menu:bond): the same-account names. */
  ledger: boolean;
}

/** R 40: other suppliers of the tender whose live bond came from the same account. */
const sameAccountSql = sql<unknown>`(select coalesce(json_agg(distinct s2.company_name order by s2.company_name), '[]'::json) from bonds b2 join suppliers s2 on s2.id = b2.supplier_id where b2.tender_id = ${bonds.tenderId} and b2.payer_account = ${bonds.payerAccount} and b2.supplier_id <> ${bonds.supplierId} and b2.status in ('declared', 'verified'))`;

const columns = (now: Date) => ({
  bond: bonds,
  tenderNo: tenders.tenderNo,
  tenderTitle: tenders.title,
  lotNo: lots.lotNo,
  lotName: lots.name,
  required: lots.bidBond,
  supplierName: suppliers.companyName,
  files: listedFilesSql('bond', sql`${bonds.id}`),
  status: listedStatusSql,
  refundEvent: refundEventSql,
  dueAt: dueAtSql,
  overdue: overdueSql(now),
  sameAccountAs: sameAccountSql,
  total: sql<number>`(count(*) over ())::int`,
});

type Row = {
  bond: typeof bonds.$inferSelect;
  tenderNo: string;
  tenderTitle: string;
  lotNo: number;
  lotName: string;
  required: string;
  supplierName: string;
  files: unknown;
  status: Bond['status'];
  refundEvent: Bond['refundEvent'];
  dueAt: string | null;
  overdue: boolean;
  sameAccountAs: unknown;
};

const jsonOf = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toBond(row: Row, reader: BondReader): Bond {
  const b = row.bond;
  const own = reader.supplierId !== null && reader.supplierId === b.supplierId;
  return {
    id: b.id,
    tenderId: b.tenderId,
    tenderNo: row.tenderNo,
    tenderTitle: row.tenderTitle,
    lotId: b.lotId,
    lotNo: row.lotNo,
    lotName: row.lotName,
    required: Number(row.required),
    supplierId: b.supplierId,
    supplierName: row.supplierName,
    form: b.form,
    amount: Number(b.amount),
    payerName: b.payerName,
    payerAccount: own ? b.payerAccount : maskAccount(b.payerAccount),
    guaranteeNo: b.guaranteeNo,
    issuer: b.issuer,
    validUntil: b.validUntil,
    files: listedFilesFrom(row.files).map(({ id, name, size }) => ({ id, name, size })),
    status: row.status,
    reviewReason: b.reviewReason,
    reviewedAt: iso(b.reviewedAt),
    refundEvent: row.refundEvent,
    dueAt: row.dueAt,
    overdue: Boolean(row.overdue),
    refundedAt: b.refundedAt,
    refundReference: b.refundReference,
    forfeitGround: b.forfeitGround,
    forfeitReason: b.forfeitReason,
    sameAccountAs: reader.ledger ? jsonOf<string[]>(row.sameAccountAs) : [],
    declaredAt: b.declaredAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

const base = (tx: Tx, now: Date) =>
  tx
    .select(columns(now))
    .from(bonds)
    .innerJoin(tenders, eq(tenders.id, bonds.tenderId))
    .innerJoin(lots, eq(lots.id, bonds.lotId))
    .innerJoin(suppliers, eq(suppliers.id, bonds.supplierId));

/** One bond by id as `reader` sees it (the caller has checked that it may). */
export async function bondView(tx: Tx, id: number, reader: BondReader, now: Date): Promise<Bond> {
  const [row] = await base(tx, now).where(eq(bonds.id, id));
  return toBond(row!, reader);
}

export interface BondFilter {
  supplierId?: number;
  tenderId?: number;
  status?: Bond['status'];
  overdue?: boolean;
  keyword?: string;
}

/** `status` filters the listed status: `verified` is one whose refund clock has not started. */
export function bondWhere(filter: BondFilter, now: Date): SQL | undefined {
  const keyword = filter.keyword ? likePattern(filter.keyword) : null;
  return and(
    filter.supplierId === undefined ? undefined : eq(bonds.supplierId, filter.supplierId),
    filter.tenderId === undefined ? undefined : eq(bonds.tenderId, filter.tenderId),
    filter.status === undefined ? undefined : sql`${listedStatusSql} = ${filter.status}`,
    filter.overdue === undefined
      ? undefined
      : filter.overdue
        ? overdueSql(now)
        : sql`not ${overdueSql(now)}`,
    keyword
      ? or(
          ilike(tenders.title, keyword),
          ilike(tenders.tenderNo, keyword),
          ilike(suppliers.companyName, keyword),
        )
      : undefined,
  );
}

/** A page of bonds: overdue first, then by the last day to refund, then the newest. */
export async function bondPage(
  tx: Tx,
  filter: BondFilter,
  page: PageQuery,
  reader: BondReader,
  now: Date,
) {
  const rows = await base(tx, now)
    .where(bondWhere(filter, now))
    .orderBy(
      desc(overdueSql(now)),
      sql`${dueAtSql} asc nulls last`,
      desc(bonds.declaredAt),
      desc(bonds.id),
    )
    .limit(page.pageSize)
    .offset(offsetOf(page));
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offsetOf(page) > 0) {
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bonds)
      .innerJoin(tenders, eq(tenders.id, bonds.tenderId))
      .innerJoin(lots, eq(lots.id, bonds.lotId))
      .innerJoin(suppliers, eq(suppliers.id, bonds.supplierId))
      .where(bondWhere(filter, now));
    total = Number(counted!.n);
  }
  return {
    list: rows.map((row) => toBond(row, reader)),
    total,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** Bonds overdue now, whatever a list's filter: the menu's badge. */
export async function overdueCount(tx: Tx, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bonds)
    .innerJoin(tenders, eq(tenders.id, bonds.tenderId))
    .innerJoin(lots, eq(lots.id, bonds.lotId))
    .where(overdueSql(now));
  return Number(row!.n);
}
