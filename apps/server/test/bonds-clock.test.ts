import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bidApi, bondApi } from '@tender/contracts';
import type { Bond } from '@tender/contracts/bond';
import {
  auditLog,
  awards,
  bids,
  bonds,
  candidateDeclines,
  contracts,
  lots,
  tenders,
} from '../src/db/schema/index.js';
import type { Clock } from '../src/lib/clock.js';
import { startTestApp, type TestApp } from './support/app.js';
import { upload } from './support/tenders.js';
import { createTender, lotIdsOf, signUp, supplierIdOf } from './support/bids.js';

/**
 * The refund clocks of bid bonds (EVALUATION.md §4, R 57), derived from the clock at each
 * request: withdrawal, lot failed, tender cancelled, contract signed → the last day to refund is
 * the event's Beijing day plus 5; day 5 is still `due`, day 6 is overdue. Then finance's refund
 * and forfeit, each on its rule, in the audit log.
 */

/** A clock the test sets to any moment (the boundaries are checked from both sides). */
class SetClock implements Clock {
  constructor(public at: Date) {}
  now() {
    return new Date(this.at);
  }
  set(iso: string) {
    this.at = new Date(iso);
  }
}

let t: TestApp;
const clock = new SetClock(new Date('2026-10-01T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};
const DEADLINE = new Date('2026-10-20T02:00:00.000Z');
/** 23:30 Beijing on 2026-10-10: the events' day is the 10th, the last day to refund the 15th. */
const EVENT = new Date('2026-10-10T15:30:00.000Z');

const messageOf = (reply: { body: { errorMsg?: string; message?: string } }) =>
  reply.body.errorMsg ?? reply.body.message ?? '';
const fieldOf = (reply: { body: { data?: { fields?: { field: string }[] } } }) =>
  reply.body.data?.fields?.[0]?.field;

/** Finance records bond `id`'s refund (another caller's token where a test says so). */
const refund = (
  id: number | undefined,
  refundedAt: string,
  reference?: string,
  token = tok.finance,
) => t.call(bondApi.refundBond, { id, refundedAt, reference }, token);
const forfeit = (id: number, ground: string, reason = '拒绝签订合同') =>
  t.call(bondApi.forfeitBond, { id, ground, reason }, tok.finance);

/** A published one-lot tender requiring a bond, the bidders signed up. */
async function tenderWithBond(who: string[]) {
  const tenderId = await createTender(t, clock.now(), {
    bidDeadline: DEADLINE,
    openingAt: DEADLINE,
  });
  const [lotId] = await lotIdsOf(t, tenderId);
  await t.database.db.update(lots).set({ bidBond: '5000.00' }).where(eq(lots.id, lotId!));
  await signUp(
    t,
    tenderId,
    who.map((w) => sup[w]!),
  );
  return { tenderId, lotId: lotId! };
}

/** A verified transfer bond, written straight in (declaring has its own tests). */
async function verifiedBond(tenderId: number, lotId: number, who: string) {
  const [row] = await t.database.db
    .insert(bonds)
    .values({
      tenderId,
      lotId,
      supplierId: sup[who]!,
      declaredBy: 1,
      form: 'transfer',
      amount: '5000.00',
      payerName: who,
      payerAccount: `62220000${String(sup[who]).padStart(8, '0')}`,
      status: 'verified',
      declaredAt: new Date('2026-10-01T01:00:00.000Z'),
      updatedAt: new Date('2026-10-01T01:00:00.000Z'),
    })
    .returning({ id: bonds.id });
  return row!.id;
}

async function bidRow(tenderId: number, lotId: number, who: string, status: 'won' | 'lost') {
  const [row] = await t.database.db
    .insert(bids)
    .values({
      tenderId,
      lotId,
      supplierId: sup[who]!,
      revision: 1,
      status,
      submittedAt: new Date('2026-10-02T02:00:00.000Z'),
      submittedBy: 1,
      totalPrice: '90000.00',
    })
    .returning({ id: bids.id });
  return row!.id;
}

async function ledger(query: Record<string, unknown> = {}) {
  const reply = await t.call(bondApi.listBond, { pageSize: 100, ...query }, tok.finance);
  expect(reply.status).toBe(200);
  return reply.body.data as { list: Bond[]; total: number; overdueCount: number };
}
const bondOf = async (id: number) => (await ledger()).list.find((b) => b.id === id)!;

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'finance', 'bidder1', 'bidder2', 'bidder3']) {
    tok[name] = await t.login(name, name === 'finance' ? 'Finance@12345' : undefined);
    if (name.startsWith('bidder')) sup[name] = await supplierIdOf(t, name);
  }
  const { db } = t.database;

  // Withdrawn before the deadline, at EVENT, through the route.
  const w = await tenderWithBond(['bidder1']);
  ids.withdrawnTender = w.tenderId;
  ids.withdrawn = await verifiedBond(w.tenderId, w.lotId, 'bidder1');
  const submitted = await t.call(
    bidApi.submitBid,
    {
      tenderId: w.tenderId,
      totalPrice: 90_000,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 24,
      fileIds: [],
    },
    tok.bidder1,
  );
  expect(submitted.status).toBe(200);
  clock.at = EVENT;
  const withdrawn = await t.call(
    bidApi.withdrawBid,
    { bidId: submitted.body.data.bidId },
    tok.bidder1,
  );
  expect(withdrawn.status).toBe(200);

  // The lot failed at EVENT.
  const f = await tenderWithBond(['bidder1']);
  ids.lotFailed = await verifiedBond(f.tenderId, f.lotId, 'bidder1');
  await db.update(lots).set({ status: 'failed', failedAt: EVENT }).where(eq(lots.id, f.lotId));

  // Cancelled an hour later: 00:30 Beijing on the 11th, so its last day is the 16th.
  const c = await tenderWithBond(['bidder1']);
  ids.cancelled = await verifiedBond(c.tenderId, c.lotId, 'bidder1');
  await db
    .update(tenders)
    .set({ status: 'cancelled', cancelledAt: new Date(EVENT.getTime() + 3600_000) })
    .where(eq(tenders.id, c.tenderId));

  // The contract signed on the 10th: the winner, a loser and a bonded supplier that never bid.
  const k = await tenderWithBond(['bidder1', 'bidder2', 'bidder3']);
  ids.winner = await verifiedBond(k.tenderId, k.lotId, 'bidder1');
  ids.loser = await verifiedBond(k.tenderId, k.lotId, 'bidder2');
  ids.neverBid = await verifiedBond(k.tenderId, k.lotId, 'bidder3');
  const won = await bidRow(k.tenderId, k.lotId, 'bidder1', 'won');
  await bidRow(k.tenderId, k.lotId, 'bidder2', 'lost');
  await db.insert(awards).values({
    tenderId: k.tenderId,
    lotId: k.lotId,
    bidId: won,
    supplierId: sup.bidder1!,
    amount: '90000.00',
    reason: '最低价中标',
    awardedBy: 1,
    awardedAt: new Date('2026-10-05T02:00:00.000Z'),
  });
  await db.insert(contracts).values({
    tenderId: k.tenderId,
    lotId: k.lotId,
    bidId: won,
    supplierId: sup.bidder1!,
    signedAt: '2026-10-10',
    amount: '90000.00',
    createdBy: 1,
    createdAt: EVENT,
  });

  // Awarded without a contract: the winner refuses (R 74); the second gave up (R 35); the third
  // has nothing against it.
  const a = await tenderWithBond(['bidder1', 'bidder2', 'bidder3']);
  ids.refuser = await verifiedBond(a.tenderId, a.lotId, 'bidder1');
  ids.gaveUp = await verifiedBond(a.tenderId, a.lotId, 'bidder2');
  ids.innocent = await verifiedBond(a.tenderId, a.lotId, 'bidder3');
  const refuserBid = await bidRow(a.tenderId, a.lotId, 'bidder1', 'won');
  const gaveUpBid = await bidRow(a.tenderId, a.lotId, 'bidder2', 'lost');
  await bidRow(a.tenderId, a.lotId, 'bidder3', 'lost');
  await db.insert(candidateDeclines).values({
    tenderId: a.tenderId,
    lotId: a.lotId,
    bidId: gaveUpBid,
    ground: 'gave_up',
    reason: '第一中标候选人书面放弃',
    declinedAt: new Date('2026-10-04T02:00:00.000Z'),
    declinedBy: 1,
  });
  await db.insert(awards).values({
    tenderId: a.tenderId,
    lotId: a.lotId,
    bidId: refuserBid,
    supplierId: sup.bidder1!,
    amount: '90000.00',
    reason: '递补中标',
    awardedBy: 1,
    awardedAt: new Date('2026-10-05T02:00:00.000Z'),
  });
});
afterAll(() => t.close());

describe('refund clocks', () => {
  it('start at each event: its Beijing day plus 5', async () => {
    clock.set('2026-10-12T02:00:00.000Z');
    const expected: [string, string | null, string | null][] = [
      ['withdrawn', 'withdrawn', '2026-10-15'],
      ['lotFailed', 'lot_failed', '2026-10-15'],
      ['cancelled', 'cancelled', '2026-10-16'],
      ['winner', 'contract', '2026-10-15'],
      ['loser', 'contract', '2026-10-15'],
      ['neverBid', 'contract', '2026-10-15'],
      ['refuser', null, null],
    ];
    for (const [name, event, dueAt] of expected) {
      const bond = await bondOf(ids[name]!);
      expect({ name, event: bond.refundEvent, dueAt: bond.dueAt }).toEqual({
        name,
        event,
        dueAt,
      });
      expect(bond.status).toBe(dueAt ? 'due' : 'verified');
      expect(bond.overdue).toBe(false);
    }
    expect((await ledger()).overdueCount).toBe(0);
  });

  it('keeps day 5 due and makes day 6 overdue, by the Beijing day', async () => {
    // 23:59 Beijing on the 15th: still the last day.
    clock.set('2026-10-15T15:59:00.000Z');
    const lastDay = await ledger();
    expect(lastDay.overdueCount).toBe(0);
    expect(lastDay.list.filter((b) => b.status === 'due')).toHaveLength(6);

    // 00:00 Beijing on the 16th: five bonds overdue; the cancelled one's last day is today.
    clock.set('2026-10-15T16:00:00.000Z');
    const next = await ledger();
    expect(next.overdueCount).toBe(5);
    const overdue = await ledger({ overdue: true });
    expect(overdue.list.map((b) => b.id).sort()).toEqual(
      [ids.withdrawn, ids.lotFailed, ids.winner, ids.loser, ids.neverBid].sort(),
    );
    expect(overdue.list.every((b) => b.overdue && b.status === 'due')).toBe(true);
    // Overdue first in the ledger; the badge's count whatever the filter.
    expect(next.list[0]!.overdue).toBe(true);
    const filtered = await ledger({ status: 'verified' });
    expect(filtered.list.map((b) => b.id).sort()).toEqual(
      [ids.refuser, ids.gaveUp, ids.innocent].sort(),
    );
    expect(filtered.overdueCount).toBe(5);
    expect((await bondOf(ids.cancelled!)).overdue).toBe(false);

    clock.set('2026-10-16T16:00:00.000Z');
    expect((await bondOf(ids.cancelled!)).overdue).toBe(true);
    expect((await ledger()).overdueCount).toBe(6);
    const due = await ledger({ status: 'due' });
    expect(due.total).toBe(6);
  });

  it('records a refund on a real day between the declaration and today, once', async () => {
    const future = await refund(ids.withdrawn, '2026-10-18', 'HX0001');
    expect(future.status).toBe(400);
    expect(fieldOf(future)).toBe('refundedAt');
    const before = await refund(ids.withdrawn, '2026-09-30', 'HX0001');
    expect(fieldOf(before)).toBe('refundedAt');
    const noReference = await refund(ids.withdrawn, '2026-10-16');
    expect(fieldOf(noReference)).toBe('reference');
    expect((await refund(ids.withdrawn, '2026-10-16', 'HX0001', tok.manager)).status).toBe(403);

    const refunded = await refund(ids.withdrawn, '2026-10-16', 'HX0001');
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({
      status: 'refunded',
      refundedAt: '2026-10-16',
      refundReference: 'HX0001',
      refundEvent: 'withdrawn',
      dueAt: '2026-10-15',
      overdue: false,
    });
    const twice = await refund(ids.withdrawn, '2026-10-16', 'HX0002');
    expect(twice.status).toBe(409);
    expect((await ledger()).overdueCount).toBe(5);

    // Closed for good: the supplier cannot declare it again, even before the deadline.
    const redeclared = await t.call(
      bondApi.declareBond,
      {
        tenderId: ids.withdrawnTender,
        form: 'transfer',
        amount: 5000,
        payerName: '华能电气 财务部',
        payerAccount: '6222000000001111',
        fileIds: [await upload(t, tok.bidder1!, '再次申报凭证.pdf')],
      },
      tok.bidder1,
    );
    expect(redeclared.status).toBe(409);
    expect(messageOf(redeclared)).toContain('已退还');
  });

  it('forfeits only on a ground that applies, never a refunded bond, and refunds no forfeited one', async () => {
    const refunded = await forfeit(ids.withdrawn!, 'late_withdrawal');
    expect(refunded.status).toBe(409);
    expect(messageOf(refunded)).toContain('已退还');

    // The winner with a contract signed refused nothing.
    const signed = await forfeit(ids.winner!, 'refused_contract');
    expect(signed.status).toBe(409);
    expect(fieldOf(signed)).toBe('ground');
    const innocentLate = await forfeit(ids.innocent!, 'late_withdrawal');
    expect(innocentLate.status).toBe(409);
    expect(messageOf(innocentLate)).toContain('截止后撤销投标');
    expect((await forfeit(ids.innocent!, 'refused_contract')).status).toBe(409);
    expect((await forfeit(ids.refuser!, 'late_withdrawal')).status).toBe(409);
    expect((await forfeit(ids.gaveUp!, 'refused_contract')).status).toBe(409);

    const noReason = await forfeit(ids.refuser!, 'refused_contract', '');
    expect(fieldOf(noReason)).toBe('reason');

    const refused = await forfeit(ids.refuser!, 'refused_contract', '中标后拒不签订合同');
    expect(refused.body.data).toMatchObject({
      status: 'forfeited',
      forfeitGround: 'refused_contract',
      forfeitReason: '中标后拒不签订合同',
    });
    const gaveUp = await forfeit(ids.gaveUp!, 'late_withdrawal', '截止后放弃中标');
    expect(gaveUp.body.data.status).toBe('forfeited');

    const refundForfeited = await refund(ids.refuser, '2026-10-16', 'HX0003');
    expect(refundForfeited.status).toBe(409);
    expect(messageOf(refundForfeited)).toContain('已没收');
    expect((await forfeit(ids.refuser!, 'refused_contract')).status).toBe(409);

    // Refunds and forfeits are in the hash-chained audit log.
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'bond'));
    const acts = rows.map((r) => (r.after as { status?: string }).status);
    expect(acts).toEqual(expect.arrayContaining(['refunded', 'forfeited', 'forfeited']));
    expect(rows.every((r) => r.hash)).toBe(true);
  });

  it('refuses a refund of a rejected or merely declared bond', async () => {
    const { db } = t.database;
    await db.update(bonds).set({ status: 'rejected' }).where(eq(bonds.id, ids.innocent!));
    const rejected = await refund(ids.innocent, '2026-10-16', 'HX0004');
    expect(rejected.status).toBe(409);
    expect(messageOf(rejected)).toContain('已驳回');
    const missing = await refund(999_999, '2026-10-16', 'HX0004');
    expect(missing.status).toBe(404);
  });
});
