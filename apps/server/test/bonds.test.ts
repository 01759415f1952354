import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bidApi, bondApi, deskApi, LOT_ID_REQUIRED } from '@tender/contracts';
import { auditLog, bonds, lots } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import {
  contentKeyText,
  createTender,
  lotIdsOf,
  sealQuotation,
  signUp,
  supplierIdOf,
} from './support/bids.js';
import { createLotTender, signUpForLots } from './support/opening-lots.js';
import { download, upload } from './support/tenders.js';
import { deskOf } from './support/evaluation-desk.js';

/**
 * 投标保证金 over HTTP (EVALUATION.md §4): the declaration's rules and refusals, who reads what
 * (the account in full for its own supplier only), finance's verification, the opening marking
 * an unbonded bid invalid, and R 40's same-account warning in the comparison and on the desk.
 * The refund clocks, refunds and forfeits: bonds-clock.test.ts.
 */
let t: TestApp;
// 10:00 Beijing on 2026-09-01; the deadline an hour later; bids valid 90 days → 2026-11-30.
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};
let tenderId: number;
let lotIds: number[];
const ACCOUNT = '6222021001112222';
const PRICE = 87_654.32;

const messageOf = (reply: { body: { errorMsg?: string; message?: string } }) =>
  reply.body.errorMsg ?? reply.body.message ?? '';
const fieldOf = (reply: { body: { data?: { fields?: { field: string }[] } } }) =>
  reply.body.data?.fields?.[0]?.field;

const transfer = async (who: string, overrides: Record<string, unknown> = {}) => ({
  tenderId,
  lotId: lotIds[0],
  form: 'transfer',
  amount: 10_000,
  payerName: `${who} 财务部`,
  payerAccount: '6222 0210 0111 2222',
  fileIds: [await upload(t, tok[who]!, '保证金凭证.pdf')],
  ...overrides,
});
const guarantee = async (who: string, overrides: Record<string, unknown> = {}) =>
  transfer(who, {
    form: 'guarantee',
    payerAccount: '6228480000003333',
    guaranteeNo: 'BH-2026-001',
    issuer: '中国工商银行北京分行',
    validUntil: '2026-11-30',
    ...overrides,
  });
const declare = async (who: string, body: Record<string, unknown>) =>
  t.call(bondApi.declareBond, body, tok[who]);

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'finance', 'bidder1', 'bidder2', 'bidder3', 'bidder4']) {
    tok[name] = await t.login(name, name === 'finance' ? 'Finance@12345' : undefined);
    if (name.startsWith('bidder')) sup[name] = await supplierIdOf(t, name);
  }
  ({ tenderId, lotIds } = await createLotTender(
    t,
    clock.now(),
    [
      { name: '储能电池舱', budget: '600000.00', minBids: 1 },
      { name: '运维服务', budget: '100000.00', minBids: 1 },
    ],
    { bondForms: ['transfer', 'guarantee'] },
  ));
  await t.database.db.update(lots).set({ bidBond: '10000.00' }).where(eq(lots.id, lotIds[0]!));
  for (const who of ['bidder1', 'bidder2', 'bidder3'])
    await signUpForLots(t, tenderId, sup[who]!, lotIds);
});
afterAll(() => t.close());

describe('declaring a bid bond', () => {
  it('refuses what the rules forbid, each a 4xx naming the field and rule', async () => {
    const noBond = await declare('bidder1', await transfer('bidder1', { lotId: lotIds[1] }));
    expect(noBond.status).toBe(400);
    expect(fieldOf(noBond)).toBe('lotId');
    expect(messageOf(noBond)).toContain('不要求投标保证金');

    const noLot = await declare('bidder1', await transfer('bidder1', { lotId: undefined }));
    expect(noLot.status).toBe(400);
    expect(messageOf(noLot)).toContain(LOT_ID_REQUIRED);

    const insurance = await declare('bidder1', await guarantee('bidder1', { form: 'insurance' }));
    expect(insurance.status).toBe(400);
    expect(fieldOf(insurance)).toBe('form');
    expect(messageOf(insurance)).toContain('保证保险');

    const below = await declare('bidder1', await transfer('bidder1', { amount: 9_999.99 }));
    expect(below.status).toBe(400);
    expect(fieldOf(below)).toBe('amount');
    expect(messageOf(below)).toContain('¥10,000.00');

    const early = await declare(
      'bidder2',
      await guarantee('bidder2', { validUntil: '2026-11-29' }),
    );
    expect(early.status).toBe(400);
    expect(fieldOf(early)).toBe('validUntil');
    expect(messageOf(early)).toContain('2026-11-30');

    const noDay = await declare('bidder2', await guarantee('bidder2', { validUntil: undefined }));
    expect(fieldOf(noDay)).toBe('validUntil');
    const noNumber = await declare('bidder2', await guarantee('bidder2', { guaranteeNo: '' }));
    expect(fieldOf(noNumber)).toBe('guaranteeNo');
    const unreal = await declare(
      'bidder2',
      await guarantee('bidder2', { validUntil: '2026-12-32' }),
    );
    expect(fieldOf(unreal)).toBe('validUntil');

    const transferWithNo = await declare(
      'bidder1',
      await transfer('bidder1', { guaranteeNo: 'BH-1' }),
    );
    expect(transferWithNo.status).toBe(400);
    expect(fieldOf(transferWithNo)).toBe('guaranteeNo');

    const noFiles = await declare('bidder1', await transfer('bidder1', { fileIds: [] }));
    expect(fieldOf(noFiles)).toBe('fileIds');
    const othersFile = await upload(t, tok.bidder2!, '别人的凭证.pdf');
    const foreign = await declare('bidder1', await transfer('bidder1', { fileIds: [othersFile] }));
    expect(foreign.status).toBe(404);

    const badAccount = await declare(
      'bidder1',
      await transfer('bidder1', { payerAccount: '12ab' }),
    );
    expect(fieldOf(badAccount)).toBe('payerAccount');

    // bidder4 never signed up.
    const stranger = await declare('bidder4', await transfer('bidder4'));
    expect(stranger.status).toBe(409);
    expect(messageOf(stranger)).toContain('报名');

    const asManager = await t.call(bondApi.declareBond, await transfer('bidder1'), tok.manager);
    expect(asManager.status).toBe(403);
    expect(await t.database.db.select().from(bonds)).toEqual([]);
  });

  it('takes a bond above the requirement; the declaring supplier reads its account in full', async () => {
    const reply = await declare('bidder1', await transfer('bidder1', { amount: 12_000 }));
    expect(reply.status).toBe(200);
    const bond = reply.body.data;
    expect(bond).toMatchObject({
      lotId: lotIds[0],
      required: 10_000,
      amount: 12_000,
      form: 'transfer',
      payerAccount: ACCOUNT,
      guaranteeNo: null,
      status: 'declared',
      dueAt: null,
      overdue: false,
      sameAccountAs: [],
    });
    expect(bond.files).toHaveLength(1);

    // The same account for bidder3: R 40's warning later.
    expect((await declare('bidder3', await transfer('bidder3'))).status).toBe(200);
    const g = await declare('bidder2', await guarantee('bidder2'));
    expect(g.status).toBe(200);
    expect(g.body.data).toMatchObject({ form: 'guarantee', validUntil: '2026-11-30' });
  });

  it('keeps the account out of the audit log in full', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'bond'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(rows)).not.toContain(ACCOUNT);
    expect(JSON.stringify(rows)).toContain('**** 2222');
  });

  it('shows each company its own bonds only, and everyone else the account masked', async () => {
    const mine = await t.call(bondApi.listMyBond, {}, tok.bidder2);
    expect(mine.body.data.list.map((b: { supplierId: number }) => b.supplierId)).toEqual([
      sup.bidder2,
    ]);
    expect(JSON.stringify(mine.body.data)).not.toContain(ACCOUNT);

    // A bidder reads no ledger.
    expect((await t.call(bondApi.listBond, {}, tok.bidder1)).status).toBe(403);

    for (const who of ['finance', 'manager']) {
      const ledger = await t.call(bondApi.listBond, { tenderId }, tok[who]);
      expect(ledger.status).toBe(200);
      expect(ledger.body.data.total).toBe(3);
      expect(JSON.stringify(ledger.body.data)).not.toContain(ACCOUNT);
      const first = ledger.body.data.list.find(
        (b: { supplierId: number }) => b.supplierId === sup.bidder1,
      );
      expect(first.payerAccount).toBe('**** 2222');
      expect(first.sameAccountAs).toEqual(['南方智能电网科技有限公司']);
    }

    const keyword = await t.call(bondApi.listBond, { keyword: '江南电缆' }, tok.finance);
    expect(keyword.body.data.list.map((b: { supplierId: number }) => b.supplierId)).toEqual([
      sup.bidder2,
    ]);

    // Another company's voucher: as if it did not exist; finance reads it.
    const voucher = (await t.call(bondApi.listMyBond, {}, tok.bidder1)).body.data.list[0].files[0]
      .id;
    expect((await download(t, voucher, tok.bidder2)).statusCode).toBe(404);
    expect((await download(t, voucher, tok.finance)).statusCode).toBe(200);
  });

  it('lets finance verify or reject a declaration once; a new declaration goes back to it', async () => {
    const ledger = (await t.call(bondApi.listBond, { tenderId }, tok.finance)).body.data.list;
    const idOf = (who: string) =>
      ledger.find((b: { supplierId: number }) => b.supplierId === sup[who]).id as number;

    const noReason = await t.call(
      bondApi.verifyBond,
      { id: idOf('bidder2'), action: 'reject' },
      tok.finance,
    );
    expect(fieldOf(noReason)).toBe('reason');
    const asManager = await t.call(
      bondApi.verifyBond,
      { id: idOf('bidder1'), action: 'verify' },
      tok.manager,
    );
    expect(asManager.status).toBe(403);

    const verified = await t.call(
      bondApi.verifyBond,
      { id: idOf('bidder1'), action: 'verify' },
      tok.finance,
    );
    expect(verified.body.data).toMatchObject({ status: 'verified', payerAccount: '**** 2222' });
    const twice = await t.call(
      bondApi.verifyBond,
      { id: idOf('bidder1'), action: 'verify' },
      tok.finance,
    );
    expect(twice.status).toBe(409);
    expect(messageOf(twice)).toContain('已核验');

    const rejected = await t.call(
      bondApi.verifyBond,
      { id: idOf('bidder2'), action: 'reject', reason: '保函编号与银行回函不符' },
      tok.finance,
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reviewReason: '保函编号与银行回函不符',
    });
    const filtered = await t.call(bondApi.listBond, { status: 'rejected' }, tok.finance);
    expect(filtered.body.data.list.map((b: { id: number }) => b.id)).toEqual([idOf('bidder2')]);

    // Replaced before the deadline: the same bond, back to finance, and verified this time.
    const again = await declare(
      'bidder2',
      await guarantee('bidder2', { guaranteeNo: 'BH-2026-002' }),
    );
    expect(again.body.data).toMatchObject({
      id: idOf('bidder2'),
      status: 'declared',
      guaranteeNo: 'BH-2026-002',
      reviewReason: null,
    });
    const ok = await t.call(
      bondApi.verifyBond,
      { id: idOf('bidder2'), action: 'verify' },
      tok.finance,
    );
    expect(ok.body.data.status).toBe('verified');
    // bidder3's stays declared (never verified).
  });

  it('opens invalid a bid without a verified bond, or with a guarantee ending too early', async () => {
    for (const who of ['bidder1', 'bidder2', 'bidder3']) {
      const reply = await t.call(
        bidApi.submitBid,
        {
          tenderId,
          lotId: lotIds[0],
          totalPrice: PRICE,
          currency: 'CNY',
          deliveryDays: 30,
          warrantyMonths: 24,
          fileIds: [],
        },
        tok[who],
      );
      expect(reply.status).toBe(200);
    }
    // bidder4 never bonded, so nothing of a bond reply may tell a price.
    for (const who of ['bidder1', 'finance']) {
      const list = await t.call(
        who === 'finance' ? bondApi.listBond : bondApi.listMyBond,
        {},
        tok[who],
      );
      expect(JSON.stringify(list.body.data)).not.toMatch(/87654|87,654/);
    }
    // The guarantee's end moved before deadline + validity (as an amendment of the validity
    // would leave it): the opening refuses it.
    await t.database.db
      .update(bonds)
      .set({ validUntil: '2026-11-29' })
      .where(and(eq(bonds.supplierId, sup.bidder2!), eq(bonds.lotId, lotIds[0]!)));

    clock.advance(3600);
    const late = await declare('bidder4', await transfer('bidder4'));
    expect(late.status).toBe(409);
    const lateOwn = await declare('bidder3', await transfer('bidder3'));
    expect(lateOwn.status).toBe(409);
    expect(messageOf(lateOwn)).toContain('不能申报投标保证金');

    const opened = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(opened.status).toBe(200);
    const entries = opened.body.data.entries as {
      supplierId: number;
      valid: boolean;
      invalidReason: string | null;
    }[];
    const of = (who: string) => entries.find((e) => e.supplierId === sup[who])!;
    expect(of('bidder1')).toMatchObject({ valid: true, invalidReason: null });
    expect(of('bidder2')).toMatchObject({ valid: false, invalidReason: '未按要求提交投标保证金' });
    expect(of('bidder3')).toMatchObject({ valid: false, invalidReason: '未按要求提交投标保证金' });
  });

  it('warns in the comparison of two suppliers whose bonds came from one account', async () => {
    const comparison = await t.call(
      bidApi.listBidsByTender,
      { tenderId, lotId: lotIds[0] },
      tok.manager,
    );
    expect(comparison.status).toBe(200);
    expect(comparison.body.data.sameAccountWarnings).toEqual([
      {
        lotId: lotIds[0],
        account: '**** 2222',
        supplierNames: ['华能电气设备有限公司', '南方智能电网科技有限公司'],
      },
    ]);
    const other = await t.call(
      bidApi.listBidsByTender,
      { tenderId, lotId: lotIds[1] },
      tok.manager,
    );
    expect(other.body.data.sameAccountWarnings).toEqual([]);
  });
});

describe('the same-account warning on the evaluation desk', () => {
  it('names the suppliers to the committee, the account masked', async () => {
    const desk = await deskOf(t, clock);
    const { db } = t.database;
    for (const [index, bidder] of desk.bidders.entries())
      await db.insert(bonds).values({
        tenderId: desk.tenderId,
        lotId: desk.lotId,
        supplierId: bidder.supplierId,
        declaredBy: 1,
        form: 'transfer',
        amount: '5000.00',
        payerName: '同一付款人',
        payerAccount: index < 2 ? '9558800000001234' : '9558800000005678',
        status: 'verified',
        declaredAt: clock.now(),
        updatedAt: clock.now(),
      });
    const sheet = await t.call(
      deskApi.getSheet,
      { tenderId: desk.tenderId, lotId: desk.lotId },
      desk.chair.token,
    );
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.sameAccountWarnings).toHaveLength(1);
    expect(sheet.body.data.sameAccountWarnings[0].account).toBe('**** 1234');
    expect(sheet.body.data.sameAccountWarnings[0].supplierNames).toHaveLength(2);
    expect(JSON.stringify(sheet.body.data)).not.toContain('9558800000001234');
  });
});

describe('the bond rule at a bidder-mode opening', () => {
  it('judges the decrypted bids at finish-opening: the unbonded one invalid', async () => {
    const bidderTender = await createTender(t, clock.now(), {
      sealMode: 'bidder',
      minBids: 1,
      decryptionMinutes: 30,
    });
    const [lotId] = await lotIdsOf(t, bidderTender);
    await t.database.db.update(lots).set({ bidBond: '3000.00' }).where(eq(lots.id, lotId!));
    await signUp(t, bidderTender, [sup.bidder1!, sup.bidder2!]);
    const declared = await declare(
      'bidder1',
      await transfer('bidder1', { tenderId: bidderTender, lotId: undefined, amount: 3000 }),
    );
    expect(declared.status).toBe(200);
    const verified = await t.call(
      bondApi.verifyBond,
      { id: declared.body.data.id, action: 'verify' },
      tok.finance,
    );
    expect(verified.body.data.status).toBe('verified');

    const keys: Record<string, { bidId: number; key: Uint8Array }> = {};
    for (const who of ['bidder1', 'bidder2']) {
      const { sealed, contentKey } = await sealQuotation(
        {
          totalPrice: '2800.00',
          currency: 'CNY',
          deliveryDays: 30,
          warrantyMonths: 12,
          fileIds: [],
        } as never,
        '保证金测试口令-2026',
      );
      const reply = await t.call(
        bidApi.submitBid,
        { tenderId: bidderTender, sealed, fileIds: [] },
        tok[who],
      );
      expect(reply.status).toBe(200);
      keys[who] = { bidId: reply.body.data.bidId, key: contentKey };
    }
    clock.advance(3600);
    expect((await t.call(bidApi.openBids, { id: bidderTender }, tok.manager)).status).toBe(200);
    for (const who of ['bidder1', 'bidder2']) {
      const reply = await t.call(
        bidApi.decryptBid,
        { bidId: keys[who]!.bidId, contentKey: contentKeyText(keys[who]!.key) },
        tok[who],
      );
      expect(reply.status).toBe(200);
    }
    const finished = await t.call(bidApi.finishOpening, { id: bidderTender }, tok.manager);
    expect(finished.status).toBe(200);
    const entries = finished.body.data.entries as { supplierId: number; invalidReason: string }[];
    expect(entries.find((e) => e.supplierId === sup.bidder1)!.invalidReason).toBeNull();
    expect(entries.find((e) => e.supplierId === sup.bidder2)!.invalidReason).toBe(
      '未按要求提交投标保证金',
    );
  });
});
