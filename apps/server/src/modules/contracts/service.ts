import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { formatMoney, type contractApi } from '@tender/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { awards, bids, contracts, lots, suppliers, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid, conflictOnUnique } from '../../lib/errors.js';
import { likePattern, offsetOf, pageOf } from '../../lib/paging.js';
import { tenderNotFound } from '../../lib/tender-lock.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import {
  attachFiles,
  listedFilesFrom,
  listedFilesSql,
  registerFileReadPolicy,
} from '../files/service.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { beijingDay, contractDueDaySql, contractOverdueSql } from './deadline.js';

/**
 * 合同管理 (EVALUATION.md §5): every awarded lot with its 中标通知书 day, its contract due day
 * (30 days on) and the contract once recorded. Overdue is read from the clock at each request:
 * no job marks a lot late.
 */

type InsertContract = z.output<NonNullable<typeof contractApi.insertContract.body>>;
type ListQuery = z.output<NonNullable<typeof contractApi.listContract.query>>;

/** The awarded lots joined to their contracts, as the list and the insert's answer show them. */
const selectContractRows = (db: Tx | Db, now: Date) =>
  db
    .select({
      tenderId: awards.tenderId,
      tenderNo: tenders.tenderNo,
      tenderTitle: tenders.title,
      lotId: awards.lotId,
      lotNo: lots.lotNo,
      lotName: lots.name,
      supplierId: awards.supplierId,
      supplierName: suppliers.companyName,
      awardedAmount: awards.amount,
      awardedAt: awards.awardedAt,
      dueAt: sql<string>`to_char(${contractDueDaySql(awards.awardedAt)}, 'YYYY-MM-DD')`,
      contractId: contracts.id,
      signedAt: contracts.signedAt,
      amount: contracts.amount,
      files: listedFilesSql('contract', sql`${contracts.id}`),
      overdue: contractOverdueSql(contracts.id, awards.awardedAt, now),
    })
    .from(awards)
    .innerJoin(tenders, eq(tenders.id, awards.tenderId))
    .innerJoin(lots, eq(lots.id, awards.lotId))
    .innerJoin(suppliers, eq(suppliers.id, awards.supplierId))
    .leftJoin(contracts, eq(contracts.lotId, awards.lotId));
type Selected = Awaited<ReturnType<typeof selectContractRows>>[number];

const toContractRow = ({ awardedAt, awardedAmount, amount, files, ...row }: Selected) => ({
  ...row,
  awardedAmount: Number(awardedAmount),
  noticeAt: awardedAt.toISOString(),
  amount: amount === null ? null : Number(amount),
  files: listedFilesFrom(files).map(({ id, name, size }) => ({ id, name, size })),
  overdue: Boolean(row.overdue),
});

/** The list's filters: keyword (tender no, title, lot, winner), overdue, signed or pending. */
function filtersOf(query: ListQuery, now: Date): SQL | undefined {
  const pattern = query.keyword ? likePattern(query.keyword) : undefined;
  const overdue = contractOverdueSql(contracts.id, awards.awardedAt, now);
  return and(
    pattern
      ? or(
          ilike(tenders.tenderNo, pattern),
          ilike(tenders.title, pattern),
          ilike(lots.name, pattern),
          ilike(suppliers.companyName, pattern),
        )
      : undefined,
    query.overdue === undefined ? undefined : query.overdue ? overdue : sql`not ${overdue}`,
    query.state === 'signed'
      ? isNotNull(contracts.id)
      : query.state === 'pending'
        ? isNull(contracts.id)
        : undefined,
  );
}

/** 合同管理: awarded lots, newest award first; `overdueCount` counts every overdue lot, filter or not. */
export async function listContract(deps: AppDeps, query: ListQuery) {
  const now = deps.clock.now();
  const where = filtersOf(query, now);
  const [rows, [counts]] = await Promise.all([
    selectContractRows(deps.db, now)
      .where(where)
      .orderBy(desc(awards.awardedAt), desc(awards.lotId))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db
      .select({
        total: where ? sql<number>`(count(*) filter (where ${where}))::int` : count(),
        overdueCount: sql<number>`(count(*) filter (where ${contractOverdueSql(contracts.id, awards.awardedAt, now)}))::int`,
      })
      .from(awards)
      .innerJoin(tenders, eq(tenders.id, awards.tenderId))
      .innerJoin(lots, eq(lots.id, awards.lotId))
      .innerJoin(suppliers, eq(suppliers.id, awards.supplierId))
      .leftJoin(contracts, eq(contracts.lotId, awards.lotId)),
  ]);
  return {
    ...pageOf(rows.map(toContractRow), Number(counts!.total), query),
    overdueCount: Number(counts!.overdueCount),
  };
}

/** "2026-02-30" has the shape of a day but is none. */
function assertRealDay(field: string, day: string) {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw new Invalid(field, `签订日期 ${day} 不是有效日期`);
}

const cents = (value: number | string) => Math.round(Number(value) * 100);

/**
 * 录入合同: for an awarded lot (a one-lot tender's one lot when lotId is left out), once, for
 * exactly the awarded amount (Law 46), signed between the notice's day and today (Beijing), with
 * the caller's own uploads as its files. Recording it starts the lot's bond refund clocks.
 */
export async function insertContract(
  deps: AppDeps,
  input: InsertContract,
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  assertRealDay('signedAt', input.signedAt);
  const tenderLots = await lotsOfTender(deps.db, input.tenderId);
  if (tenderLots.length === 0) throw tenderNotFound(input.tenderId);
  const lot = pickLot(tenderLots, input.lotId);
  const lotName = tenderLots.length > 1 ? `标段 ${lot.lotNo}（${lot.name}）` : '该项目';
  return deps.db.transaction(async (tx) => {
    // The award row is locked: a second recorder waits here and then finds the contract.
    const [award] = await tx
      .select({ award: awards, currency: bids.currency, tenderCurrency: tenders.currency })
      .from(awards)
      .innerJoin(bids, eq(bids.id, awards.bidId))
      .innerJoin(tenders, eq(tenders.id, awards.tenderId))
      .where(eq(awards.lotId, lot.id))
      .for('update', { of: awards });
    if (!award) throw new Conflict(`${lotName}尚未定标，不能录入合同（须先定标并发出中标通知书）`);
    const [existing] = await tx
      .select({ id: contracts.id, signedAt: contracts.signedAt })
      .from(contracts)
      .where(eq(contracts.lotId, lot.id));
    const alreadyRecorded = new Conflict(`${lotName}的合同已录入，不能重复录入`);
    if (existing) throw alreadyRecorded;

    const awarded = award.award;
    if (cents(input.amount) !== cents(awarded.amount))
      throw new Invalid(
        'amount',
        `合同金额须等于中标金额 ${formatMoney(Number(awarded.amount), award.currency ?? award.tenderCurrency)}（招标投标法第四十六条：招标人和中标人应当按照招标文件和中标人的投标文件订立书面合同，不得再行订立背离合同实质性内容的其他协议）`,
      );
    const noticeDay = beijingDay(awarded.awardedAt);
    const today = beijingDay(now);
    if (input.signedAt < noticeDay)
      throw new Invalid('signedAt', `签订日期不能早于中标通知书发出之日（${noticeDay}）`);
    if (input.signedAt > today) throw new Invalid('signedAt', `签订日期不能晚于今天（${today}）`);

    const [created] = await conflictOnUnique(alreadyRecorded, () =>
      tx
        .insert(contracts)
        .values({
          tenderId: awarded.tenderId,
          lotId: lot.id,
          bidId: awarded.bidId,
          supplierId: awarded.supplierId,
          signedAt: input.signedAt,
          amount: awarded.amount,
          createdBy: user.userid,
          createdAt: now,
        })
        .returning({ id: contracts.id }),
    );
    const id = created!.id;
    await attachFiles(tx, {
      fileIds: input.fileIds,
      ownerType: 'contract',
      ownerId: id,
      userId: user.userid,
      now,
    });
    await recordAudit(tx, actor, {
      targetType: 'contract',
      targetId: id,
      after: {
        tenderId: awarded.tenderId,
        lotId: lot.id,
        bidId: awarded.bidId,
        supplierId: awarded.supplierId,
        signedAt: input.signedAt,
        amount: Number(awarded.amount),
        fileIds: [...new Set(input.fileIds)],
      },
    });
    const [row] = await selectContractRows(tx, now).where(eq(awards.lotId, lot.id));
    return toContractRow(row!);
  });
}

/**
 * A contract's files: the managers of 合同管理 and the winning company's users (it is their
 * contract too); nobody else (404).
 */
registerFileReadPolicy('contract', async ({ db, user, file }) => {
  if (!user) return { allowed: false };
  const [row] = await db
    .select({ supplierId: contracts.supplierId })
    .from(contracts)
    .where(eq(contracts.id, file.ownerId));
  if (!row) return { allowed: false };
  if (user.supplierId !== null && user.supplierId === row.supplierId) return { allowed: true };
  return { allowed: await holdsPower(db, user, 'menu:contract') };
});
