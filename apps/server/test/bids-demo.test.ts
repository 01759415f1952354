import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { bidApi, bondApi } from '@tender/contracts';
import type { Bond } from '@tender/contracts/bond';
import { announcements, bids, lots, tenders } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './support/app.js';

/** The demo bid tenders (demo-bids.ts) by the state they are seeded in. */
const DEMO_BID_TENDERS = {
  投标中: '华东区域 35kV 箱式变电站采购',
  待开标: '风电场 SCADA 系统升级改造',
  已开标: '储能电站电池预制舱采购',
  流标: '光伏支架及基础工程',
  已定标: '变电站综合自动化设备采购',
  解密中: '储能系统 EMS 能量管理平台采购',
  开标记录确认: '光伏组串式逆变器采购',
} as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demoTenders: true, demoBids: true });
});
afterAll(() => t.close());

describe('demo bids', () => {
  it('include three multi-lot tenders: open with bids on some lots, one lot failed, 兼投不兼中', async () => {
    const rows = await t.database.db
      .select({
        title: tenders.title,
        status: tenders.status,
        cap: tenders.maxLotsPerWinner,
        lotStatus: lots.status,
        bids: sql<number>`(select count(*)::int from bids b where b.lot_id = ${lots.id})`,
        winner: sql<
          number | null
        >`(select a.supplier_id from awards a where a.lot_id = ${lots.id})`,
      })
      .from(tenders)
      .innerJoin(lots, sql`${lots.tenderId} = ${tenders.id}`)
      .where(sql`(select count(*) from lots l where l.tender_id = ${tenders.id}) > 1`)
      .orderBy(tenders.id, lots.lotNo);
    const byTitle = new Map<string, typeof rows>();
    for (const row of rows) byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row]);
    expect(byTitle.size).toBeGreaterThanOrEqual(3);
    const tendersOf = [...byTitle.values()];
    const open = tendersOf.find((lotsOf) => lotsOf[0]!.status === 'published')!;
    expect(open.map((lot) => lot.bids)).toEqual([1, 1, 1]);
    const partlyFailed = tendersOf.find((lotsOf) =>
      lotsOf.some((lot) => lot.lotStatus === 'failed'),
    )!;
    expect(partlyFailed.map((lot) => lot.lotStatus)).toEqual(['awarded', 'awarded', 'failed']);
    expect(partlyFailed[0]!.status).toBe('awarded');
    const capped = tendersOf.find((lotsOf) => lotsOf[0]!.cap === 1)!;
    expect(capped.every((lot) => lot.lotStatus === 'awarded')).toBe(true);
    // 兼投不兼中: the lowest bidder of both lots wins one; the other lot goes to another company.
    expect(new Set(capped.map((lot) => lot.winner)).size).toBe(capped.length);
  });

  it('cover every bid-related state, sealed under the configured key', async () => {
    const rows = await t.database.db
      .select({ id: tenders.id, title: tenders.title, status: tenders.status })
      .from(tenders)
      .where(inArray(tenders.title, Object.values(DEMO_BID_TENDERS)));
    const byState = (word: keyof typeof DEMO_BID_TENDERS) =>
      rows.find((r) => r.title === DEMO_BID_TENDERS[word])!;
    expect(byState('投标中').status).toBe('published');
    expect(byState('待开标').status).toBe('published');
    expect(byState('已开标').status).toBe('opened');
    expect(byState('流标').status).toBe('failed');
    expect(byState('已定标').status).toBe('awarded');

    const manager = await t.login('manager');
    const comparison = await t.call(
      bidApi.listBidsByTender,
      { tenderId: byState('已开标').id },
      manager,
    );
    expect(comparison.body.data.bids).toHaveLength(3);
    expect(
      (await t.call(bidApi.getBidCount, { tenderId: byState('待开标').id }, manager)).body.data,
    ).toEqual({ count: 3 });
    expect(
      (await t.call(bidApi.getBidCount, { tenderId: byState('投标中').id }, manager)).status,
    ).toBe(409);
    const [draft] = await t.database.db.select().from(announcements);
    expect(draft).toMatchObject({ kind: 'result', status: 'draft' });

    const bidder1 = await t.login('bidder1');
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 20 }, bidder1);
    const statuses = mine.body.data.list.map((b: { status: string }) => b.status);
    expect(statuses).toEqual(expect.arrayContaining(['submitted', 'opened', 'lost']));
    // Its own open bid is sealed for itself too: the receipt, no price; an opened one shows it.
    const open = mine.body.data.list.find((b: { status: string }) => b.status === 'submitted');
    expect(open).toMatchObject({ totalPrice: null, remark: null });
    expect(open.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(
      mine.body.data.list.find((b: { status: string }) => b.status === 'opened').totalPrice,
    ).toBeGreaterThan(0);

    // 不见面开标: one window running (bidder1 decrypted), one record confirmed and objected to.
    const decrypting = byState('解密中');
    expect(decrypting.status).toBe('opening');
    const ceremony = await t.call(bidApi.getOpeningCeremony, { tenderId: decrypting.id }, manager);
    expect(ceremony.body.data.canFinish).toBe(false);
    expect(
      ceremony.body.data.bids.map((b: { decryptedAt: string | null }) => b.decryptedAt !== null),
    ).toEqual([true, false, false]);
    const confirming = byState('开标记录确认');
    const record = await t.call(bidApi.getOpeningRecord, { tenderId: confirming.id }, manager);
    expect(record.body.data).toMatchObject({ sealMode: 'bidder', validCount: 2, failed: false });
    expect(record.body.data.entries[2].invalidReason).toMatch(/^解密失败/);
    expect(record.body.data.confirmations).toEqual([
      expect.objectContaining({ agree: true }),
      expect.objectContaining({ agree: false, answer: expect.stringContaining('交货期') }),
    ]);

    // The opening record cannot be changed afterwards.
    await expect(
      t.database.db.execute(sql`update opening_records set valid_count = 99`),
    ).rejects.toThrow();
  });
});

describe('demo bid bonds', () => {
  it('show the ledger in every state: declared, verified, rejected, due, overdue, refunded, forfeited', async () => {
    const finance = await t.login('finance');
    const reply = await t.call(bondApi.listBond, { pageNum: 1, pageSize: 100 }, finance);
    expect(reply.body.errorMsg ?? null).toBeNull();
    const ledger = reply.body.data as { list: Bond[]; overdueCount: number };
    const states = new Set(ledger.list.map((b) => b.status));
    for (const state of ['declared', 'verified', 'rejected', 'due', 'refunded', 'forfeited'])
      expect(states, state).toContain(state);
    const overdue = ledger.list.filter((b) => b.overdue);
    expect(overdue.length).toBeGreaterThan(0);
    expect(ledger.overdueCount).toBe(overdue.length);
    expect(ledger.list.some((b) => b.status === 'due' && !b.overdue)).toBe(true);
    // Finance sees accounts masked, like everyone but the declaring company.
    for (const bond of ledger.list) expect(bond.payerAccount).toMatch(/^\*\*\*\* \d{4}$/);
    // Every bid on a lot that requires a bond was opened valid: the demo bonds were verified.
    const [unbonded] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .innerJoin(lots, sql`${lots.id} = ${bids.lotId}`)
      .where(sql`${lots.bidBond} > 0 and ${bids.invalidReason} like '%保证金%'`);
    expect(unbonded!.n).toBe(0);
  });
});
