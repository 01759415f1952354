import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BondForm } from '@tender/contracts/bond';
import type { AppDeps } from '../app-deps.js';
import type { Db, Tx } from '../db/client.js';
import { awards, bids, bonds, fileChunks, files, lots, tenders } from '../db/schema/index.js';
import type { AuthUser } from '../plugins/auth.js';
import { declareBond } from '../modules/bonds/declare.js';
import { forfeitBond, refundBond, verifyBond } from '../modules/bonds/finance.js';
import { insertContract } from '../modules/contracts/service.js';
import { beijingDay } from '../modules/contracts/deadline.js';
import { DEMO_SUPPLIERS } from './demo.js';
import type { DemoPeople } from './demo-people.js';
import { demoPdf } from './demo-tenders.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** What finance does with a demo declaration before the opening. */
export type DemoBondOutcome = 'declared' | 'verified' | 'rejected';

/** One bank account per demo company, so no two bonds warn of collusion by accident. */
const accountOf = (supplierIndex: number) =>
  `6222 0210 0100 ${String(4411 + supplierIndex * 1111)}`;

/**
 * A bidder's bond on a lot, declared through the service with its voucher, then verified or
 * rejected by finance an hour later (on the seed's clock).
 */
export async function declareDemoBond(
  deps: AppDeps,
  at: (time: Date) => void,
  { finance, actor }: Pick<DemoPeople, 'finance' | 'actor'>,
  bond: {
    tenderId: number;
    lotId: number;
    bidder: AuthUser;
    bidderIndex: number;
    amount: number;
    form?: BondForm;
    outcome: DemoBondOutcome;
    /** The seed's clock when the bidder declares. */
    when: Date;
    /** guarantee/insurance: the last day it is valid. */
    validUntil?: string;
  },
) {
  at(bond.when);
  const company = DEMO_SUPPLIERS[bond.bidderIndex]!.companyName;
  const voucher = await demoFile(
    deps.db as unknown as Tx,
    bond.bidder,
    '保证金汇款凭证.pdf',
    bond.when,
  );
  const form = bond.form ?? 'transfer';
  const declared = await declareBond(
    deps,
    {
      tenderId: bond.tenderId,
      lotId: bond.lotId,
      form,
      amount: bond.amount,
      payerName: company,
      payerAccount: accountOf(bond.bidderIndex).replace(/ /g, ''),
      guaranteeNo:
        form === 'transfer' ? null : `BH${bond.tenderId}${bond.lotId}${bond.bidderIndex}`,
      issuer: form === 'transfer' ? null : '中国工商银行北京分行',
      validUntil: form === 'transfer' ? null : (bond.validUntil ?? null),
      fileIds: [voucher],
    },
    bond.bidder,
    actor(bond.bidder, '申报投标保证金'),
  );
  if (bond.outcome === 'declared') return declared.id;
  at(new Date(bond.when.getTime() + HOUR));
  await verifyBond(
    deps,
    bond.outcome === 'verified'
      ? { id: declared.id, action: 'verify' }
      : {
          id: declared.id,
          action: 'reject',
          reason: '银行未查询到该笔保证金到账，请核对付款账户后重新申报',
        },
    finance,
    actor(finance, '核验投标保证金'),
  );
  return declared.id;
}

/** A stored PDF of the user's, unattached (as an upload is before a form takes it). */
export async function demoFile(tx: Tx, user: AuthUser, name: string, when: Date) {
  const data = demoPdf(name);
  const [file] = await tx
    .insert(files)
    .values({
      name,
      contentType: 'application/pdf',
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      uploadedBy: user.userid,
      createdAt: when,
    })
    .returning({ id: files.id });
  await tx.insert(fileChunks).values({ fileId: file!.id, seq: 0, data });
  return file!.id;
}

/** A lot of a demo tender, by the tender's title and the lot's number. */
async function lotOf(tx: Tx, title: string, lotNo: number) {
  const [row] = await tx
    .select({ tenderId: tenders.id, lotId: lots.id })
    .from(lots)
    .innerJoin(tenders, eq(tenders.id, lots.tenderId))
    .where(and(eq(tenders.title, title), eq(lots.lotNo, lotNo)));
  return row;
}

const bondsOfLot = (tx: Tx, lotId: number) =>
  tx
    .select({ id: bonds.id, supplierId: bonds.supplierId })
    .from(bonds)
    .where(eq(bonds.lotId, lotId));

/**
 * After the awards and contracts: the refunds finance made, a contract signed two days ago (its
 * bonds due within 5 days), the bond of a failed lot left unrefunded (overdue), and the bond of
 * a winner that never signed its contract forfeited (R 74).
 */
export async function seedDemoBondClosures(
  tx: Tx,
  { manager, finance, actor }: DemoPeople,
  now = new Date(),
) {
  let current = now;
  const deps = { db: tx as unknown as Db, clock: { now: () => current } } as unknown as AppDeps;
  // 新能源场站 lot 1: its contract was recorded (demo-contracts); finance refunded every bond.
  const framework = await lotOf(tx, '新能源场站设备框架招标（兼投不兼中）', 1);
  if (framework) {
    current = new Date(now.getTime() - 4 * DAY);
    for (const bond of await bondsOfLot(tx, framework.lotId))
      await refundBond(
        deps,
        {
          id: bond.id,
          refundedAt: beijingDay(current),
          reference: `ICBC${bond.id}0000${bond.supplierId}`,
        },
        finance,
        actor(finance, '退还投标保证金'),
      );
  }
  // 配网物资 lot 1: the contract signed two days ago; its bonds are due, not yet overdue.
  const batch = await lotOf(tx, '配网物资 2026 年第三批批次采购（三个标段）', 1);
  const [award] = batch ? await tx.select().from(awards).where(eq(awards.lotId, batch.lotId)) : [];
  if (batch && award) {
    current = new Date(now.getTime() - 2 * DAY);
    const file = await demoFile(tx, manager, '配网物资采购合同.pdf', current);
    await insertContract(
      deps,
      {
        tenderId: batch.tenderId,
        lotId: batch.lotId,
        signedAt: beijingDay(current),
        amount: Number(award.amount),
        fileIds: [file],
      },
      manager,
      actor(manager, '录入合同'),
    );
  }
  // 升压站 35kV 开关柜: awarded 43 days ago, the winner never signed — its bond forfeited.
  const overdue = await lotOf(tx, '升压站 35kV 开关柜采购', 1);
  const [won] = overdue
    ? await tx
        .select({ supplierId: bids.supplierId })
        .from(bids)
        .where(and(eq(bids.lotId, overdue.lotId), eq(bids.status, 'won')))
    : [];
  if (overdue && won) {
    current = new Date(now.getTime() - 6 * DAY);
    const bond = (await bondsOfLot(tx, overdue.lotId)).find((b) => b.supplierId === won.supplierId);
    if (bond)
      await forfeitBond(
        deps,
        {
          id: bond.id,
          ground: 'refused_contract',
          reason: '中标通知书发出后逾期 30 日未签订合同，经书面催告仍拒绝签约',
        },
        finance,
        actor(finance, '没收投标保证金'),
      );
  }
}
