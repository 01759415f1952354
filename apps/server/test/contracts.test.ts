import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  announcementApi,
  bidApi,
  contractApi,
  formatDate,
  LOT_ID_REQUIRED,
  tenderApi,
} from '@tender/contracts';
import { auditLog, contracts, files } from '../src/db/schema/index.js';
import { OVERDUE_CONTRACT_TITLE } from '../src/seed/demo-contracts.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, signUp, supplierIdOf } from './support/bids.js';
import { createLotTender, signUpForLots } from './support/opening-lots.js';
import { download, upload } from './support/tenders.js';

/**
 * 合同管理 over HTTP (EVALUATION.md §5): a contract per awarded lot, for the awarded amount,
 * signed between the notice's day and today; the due day 30 days after the notice, overdue
 * from the next Beijing day on, read from the clock at each request.
 */

let t: TestApp;
// 2026-12-23 11:05:13 in Beijing.
const clock = new TestClock(new Date('2026-12-23T03:05:13.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};
const MINUTE = 60;
const HOUR = 3600;

/** The one-lot tender awarded to bidder1 (no contract yet), the one signed in these tests. */
const one = { tenderId: 0, lotId: 0, amount: 3_250_000.5 };
/** The two-lot tender: lot 1 awarded to bidder2, lot 2 opened and never awarded. */
const two = { tenderId: 0, lotIds: [] as number[] };
/** A tender published and not yet opened. */
let unopened = 0;

const messageOf = (reply: { body: { errorMsg?: string; message?: string } }) =>
  reply.body.errorMsg ?? reply.body.message ?? '';
const fieldOf = (reply: { body: { data?: { fields?: { field: string }[] } } }) =>
  reply.body.data?.fields?.[0]?.field;

async function submit(who: string, tenderId: number, totalPrice: number, lotId?: number) {
  const reply = await t.call(
    bidApi.submitBid,
    {
      tenderId,
      ...(lotId === undefined ? {} : { lotId }),
      totalPrice,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 24,
      fileIds: [],
    },
    tok[who],
  );
  expect(reply.status).toBe(200);
  return reply.body.data.bidId as number;
}

async function award(tenderId: number, bidId: number, lotId?: number) {
  const reply = await t.call(
    bidApi.awardTtender,
    { id: tenderId, ...(lotId === undefined ? {} : { lotId }), bidId, reason: '投标报价最低' },
    tok.manager,
  );
  expect(reply.status).toBe(200);
}

const list = (query: Record<string, unknown> = {}, token = tok.manager) =>
  t.call(contractApi.listContract, { pageNum: 1, pageSize: 50, ...query }, token);
const rowOf = async (lotId: number) =>
  (await list()).body.data.list.find((row: { lotId: number }) => row.lotId === lotId);
const record = (input: Record<string, unknown>, token = tok.manager) =>
  t.call(contractApi.insertContract, input, token);
const contractCount = async (lotId: number) =>
  (await t.database.db.select().from(contracts).where(eq(contracts.lotId, lotId))).length;

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2']) {
    tok[name] = await t.login(name);
    if (name.startsWith('bidder')) sup[name] = await supplierIdOf(t, name);
  }
  // The one-lot tender, awarded at 12:05 Beijing.
  one.tenderId = await createTender(t, clock.now(), { title: '海上风电场 220kV 海缆采购' });
  await signUp(t, one.tenderId, [sup.bidder1!, sup.bidder2!]);
  const won = await submit('bidder1', one.tenderId, one.amount);
  await submit('bidder2', one.tenderId, 3_400_000);
  // The two-lot tender, its deadline at the same time.
  ({ tenderId: two.tenderId, lotIds: two.lotIds } = await createLotTender(t, clock.now(), [
    { name: '环网柜', budget: '900000.00', minBids: 2 },
    { name: '柱上断路器', budget: '500000.00', minBids: 2 },
  ]));
  for (const who of ['bidder1', 'bidder2'])
    await signUpForLots(t, two.tenderId, sup[who]!, two.lotIds);
  await submit('bidder1', two.tenderId, 880_000, two.lotIds[0]);
  const lotOneWinner = await submit('bidder2', two.tenderId, 860_000, two.lotIds[0]);
  await submit('bidder1', two.tenderId, 480_000, two.lotIds[1]);
  await submit('bidder2', two.tenderId, 490_000, two.lotIds[1]);
  unopened = await createTender(t, clock.now(), { bidDeadline: new Date('2027-06-01T02:00:00Z') });

  clock.advance(HOUR);
  for (const id of [one.tenderId, two.tenderId])
    expect((await t.call(bidApi.openBids, { id }, tok.manager)).status).toBe(200);
  await award(one.tenderId, won);
  clock.advance(MINUTE);
  await award(two.tenderId, lotOneWinner, two.lotIds[0]);
  const lots = (await list()).body.data.list as { tenderId: number; lotId: number }[];
  one.lotId = lots.find((row) => row.tenderId === one.tenderId)!.lotId;
});
afterAll(() => t.close());

describe('合同管理 lists every awarded lot', () => {
  it('with its notice time, the due day 30 days on (the 中标通知书’s own), winner and amount', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    const page = reply.body.data;
    // Newest award first; the unawarded lot 2 and the unopened tender are not there.
    expect(page.list.map((row: { lotId: number }) => row.lotId)).toEqual([
      two.lotIds[0],
      one.lotId,
    ]);
    expect(page.total).toBe(2);
    expect(page.overdueCount).toBe(0);
    const row = page.list[1];
    expect(row).toMatchObject({
      tenderId: one.tenderId,
      tenderTitle: '海上风电场 220kV 海缆采购',
      lotNo: 1,
      supplierId: sup.bidder1,
      awardedAmount: one.amount,
      dueAt: '2027-01-22',
      contractId: null,
      signedAt: null,
      amount: null,
      files: [],
      overdue: false,
    });
    expect(formatDate(row.noticeAt)).toBe('2026-12-23');
    // The notice the winner holds names the same last day.
    const notice = await t.call(
      announcementApi.getAwardNoticeData,
      { tenderId: one.tenderId },
      tok.bidder1,
    );
    expect(notice.body.data.awardedAt).toBe(row.noticeAt);
    expect(formatDate(notice.body.data.contractDeadline)).toBe(row.dueAt);
  });

  it('is for the holders of 合同管理: a bidder is refused (403)', async () => {
    expect((await list({}, tok.bidder1)).status).toBe(403);
  });
});

describe('录入合同 refuses', () => {
  it('a bidder (403)', async () => {
    const reply = await record(
      { tenderId: one.tenderId, signedAt: '2026-12-23', amount: one.amount, fileIds: [1] },
      tok.bidder1,
    );
    expect(reply.status).toBe(403);
  });

  it('an amount other than the awarded one, citing 招标投标法第四十六条 (400 amount)', async () => {
    const fileId = await upload(t, tok.manager!, '合同.pdf');
    for (const amount of [one.amount + 0.01, one.amount - 1, 3_000_000]) {
      const reply = await record({
        tenderId: one.tenderId,
        signedAt: '2026-12-23',
        amount,
        fileIds: [fileId],
      });
      expect(reply.status).toBe(400);
      expect(fieldOf(reply)).toBe('amount');
      expect(messageOf(reply)).toContain('招标投标法第四十六条');
      expect(messageOf(reply)).toContain('¥3,250,000.50');
    }
    expect(await contractCount(one.lotId)).toBe(0);
  });

  it('a signing day before the notice’s day, after today, or no day at all (400 signedAt)', async () => {
    const fileId = await upload(t, tok.manager!, '合同.pdf');
    const base = { tenderId: one.tenderId, amount: one.amount, fileIds: [fileId] };
    const before = await record({ ...base, signedAt: '2026-12-22' });
    expect(before.status).toBe(400);
    expect(fieldOf(before)).toBe('signedAt');
    expect(messageOf(before)).toContain('2026-12-23');
    const tomorrow = await record({ ...base, signedAt: '2026-12-24' });
    expect(tomorrow.status).toBe(400);
    expect(fieldOf(tomorrow)).toBe('signedAt');
    expect(messageOf(tomorrow)).toContain('今天');
    for (const signedAt of ['2026-02-30', '23/12/2026', ''])
      expect(fieldOf(await record({ ...base, signedAt }))).toBe('signedAt');
    expect(await contractCount(one.lotId)).toBe(0);
  });

  it('a contract without files, or with files that are not the caller’s own uploads', async () => {
    const base = { tenderId: one.tenderId, signedAt: '2026-12-23', amount: one.amount };
    const none = await record({ ...base, fileIds: [] });
    expect(none.status).toBe(400);
    expect(fieldOf(none)).toBe('fileIds');
    expect((await record(base)).status).toBe(400);
    const foreign = await upload(t, tok.bidder1!, '投标人的文件.pdf');
    const refused = await record({ ...base, fileIds: [foreign] });
    expect(refused.status).toBe(404);
    // Nothing half-saved: no contract, and the upload is still unattached.
    expect(await contractCount(one.lotId)).toBe(0);
    const [file] = await t.database.db.select().from(files).where(eq(files.id, foreign));
    expect(file!.ownerType).toBeNull();
  });

  it('an unawarded lot (409), a tender of several lots without lotId, a lot of another tender (400)', async () => {
    const fileId = await upload(t, tok.manager!, '合同.pdf');
    const base = { signedAt: '2026-12-23', amount: 480_000, fileIds: [fileId] };
    const unawarded = await record({ ...base, tenderId: two.tenderId, lotId: two.lotIds[1] });
    expect(unawarded.status).toBe(409);
    expect(messageOf(unawarded)).toContain('尚未定标');
    const notOpened = await record({ ...base, tenderId: unopened });
    expect(notOpened.status).toBe(409);
    const withoutLot = await record({ ...base, tenderId: two.tenderId });
    expect(withoutLot.status).toBe(400);
    expect(fieldOf(withoutLot)).toBe('lotId');
    expect(messageOf(withoutLot)).toContain(LOT_ID_REQUIRED);
    const foreignLot = await record({ ...base, tenderId: one.tenderId, lotId: two.lotIds[0] });
    expect(fieldOf(foreignLot)).toBe('lotId');
    expect((await record({ ...base, tenderId: 999_999 })).status).toBe(404);
  });
});

describe('录入合同', () => {
  let contractId: number;
  let fileId: number;

  it('records the contract of a one-lot tender (lotId left out), with its files and an audit entry', async () => {
    fileId = await upload(t, tok.manager!, '海缆采购合同.pdf');
    const reply = await record({
      tenderId: one.tenderId,
      signedAt: '2026-12-23',
      amount: '3250000.50',
      fileIds: [fileId],
    });
    expect(reply.status).toBe(200);
    const row = reply.body.data;
    expect(row).toMatchObject({
      lotId: one.lotId,
      signedAt: '2026-12-23',
      amount: one.amount,
      awardedAmount: one.amount,
      files: [{ id: fileId, name: '海缆采购合同.pdf' }],
      overdue: false,
    });
    contractId = row.contractId;
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'contract'), eq(auditLog.targetId, String(contractId))));
    expect(audit).toBeDefined();
    expect(audit!.after).toMatchObject({ lotId: one.lotId, signedAt: '2026-12-23' });
  });

  it('refuses a second contract for the lot (409)', async () => {
    const another = await upload(t, tok.manager!, '合同副本.pdf');
    const reply = await record({
      tenderId: one.tenderId,
      lotId: one.lotId,
      signedAt: '2026-12-23',
      amount: one.amount,
      fileIds: [another],
    });
    expect(reply.status).toBe(409);
    expect(messageOf(reply)).toContain('已录入');
    expect(await contractCount(one.lotId)).toBe(1);
  });

  it('lets the managers and the winner read its files, no other bidder', async () => {
    expect((await download(t, fileId, tok.manager)).statusCode).toBe(200);
    expect((await download(t, fileId, tok.bidder1)).statusCode).toBe(200);
    expect((await download(t, fileId, tok.bidder2)).statusCode).toBe(404);
  });

  it('filters by keyword (tender no, title, winner) and by state', async () => {
    const rows = async (query: Record<string, unknown>) =>
      ((await list(query)).body.data.list as { lotId: number }[]).map((row) => row.lotId);
    expect(await rows({ state: 'signed' })).toEqual([one.lotId]);
    expect(await rows({ state: 'pending' })).toEqual([two.lotIds[0]]);
    expect(await rows({ keyword: '海缆' })).toEqual([one.lotId]);
    const [company] = (await list({ state: 'pending' })).body.data.list.map(
      (row: { supplierName: string }) => row.supplierName,
    );
    expect(await rows({ keyword: company })).toEqual([two.lotIds[0]]);
    const tenderNo = (await rowOf(one.lotId)).tenderNo;
    expect(await rows({ keyword: tenderNo })).toEqual([one.lotId]);
    expect(await rows({ keyword: '%' })).toEqual([]);
    expect(await rows({ overdue: 'true' })).toEqual([]);
    const bad = await list({ state: 'late' });
    expect(bad.status).toBe(400);
    expect(fieldOf(bad)).toBe('state');
  });
});

describe('a contract overdue by the clock', () => {
  it('is not overdue on the due day itself (day 30), to its last minute', async () => {
    // 2027-01-22 23:59 Beijing.
    clock.advance((new Date('2027-01-22T15:59:00Z').getTime() - clock.now().getTime()) / 1000);
    const row = await rowOf(two.lotIds[0]!);
    expect(row.dueAt).toBe('2027-01-22');
    expect(row.overdue).toBe(false);
    expect((await list()).body.data.overdueCount).toBe(0);
  });

  it('is overdue from the next Beijing day (day 31) on, counted whatever the filter', async () => {
    clock.advance(2 * MINUTE);
    const lateRow = await rowOf(two.lotIds[0]!);
    expect(lateRow.overdue).toBe(true);
    // The signed one, due the same day, is never overdue.
    expect((await rowOf(one.lotId)).overdue).toBe(false);
    const overdue = await list({ overdue: 'true' });
    expect(overdue.body.data.list.map((row: { lotId: number }) => row.lotId)).toEqual([
      two.lotIds[0],
    ]);
    const notOverdue = await list({ overdue: 'false' });
    expect(notOverdue.body.data.list.map((row: { lotId: number }) => row.lotId)).toEqual([
      one.lotId,
    ]);
    const signed = await list({ state: 'signed' });
    expect(signed.body.data.total).toBe(1);
    expect(signed.body.data.overdueCount).toBe(1);
  });

  it('shows 合同逾期 on 招标管理: the tender’s row counts its overdue lots', async () => {
    const reply = await t.call(tenderApi.listTtender, { pageNum: 1, pageSize: 50 }, tok.manager);
    const byId = new Map(
      reply.body.data.list.map((row: { id: number; contractOverdue: number }) => [
        row.id,
        row.contractOverdue,
      ]),
    );
    expect(byId.get(two.tenderId)).toBe(1);
    expect(byId.get(one.tenderId)).toBe(0);
    expect(byId.get(unopened)).toBe(0);
  });

  it('may still be recorded late, and is no longer overdue then', async () => {
    const fileId = await upload(t, tok.manager!, '环网柜合同.pdf');
    const reply = await record({
      tenderId: two.tenderId,
      lotId: two.lotIds[0],
      signedAt: '2027-01-23',
      amount: 860_000,
      fileIds: [fileId],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.overdue).toBe(false);
    expect((await list()).body.data.overdueCount).toBe(0);
  });
});

describe('the demo contracts (seed/demo-contracts.ts)', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startTestApp({ demoTenders: true, demoBids: true });
  }, 120_000);
  afterAll(() => demo.close());

  it('has contracts signed with their files, and one overdue, also tagged on 招标管理', async () => {
    const manager = await demo.login('manager');
    const page = (await demo.call(contractApi.listContract, { pageNum: 1, pageSize: 50 }, manager))
      .body.data;
    type Row = { tenderId: number; tenderTitle: string; contractId: number | null };
    // demo-contracts signs the oldest award; demo-bonds a 配网物资 lot two days ago (its bonds due).
    const signed = page.list.filter((row: Row) => row.contractId !== null);
    expect(signed.map((row: { files: { name: string }[] }) => row.files[0]!.name).sort()).toEqual(
      ['采购合同（双方盖章）.pdf', '配网物资采购合同.pdf'].sort(),
    );
    for (const row of signed) {
      expect(row.overdue).toBe(false);
      expect(row.amount).toBe(row.awardedAmount);
    }
    const late = page.list.find((row: Row) => row.tenderTitle === OVERDUE_CONTRACT_TITLE);
    expect(late).toMatchObject({ contractId: null, overdue: true });
    expect(page.overdueCount).toBe(1);
    const tendersPage = await demo.call(
      tenderApi.listTtender,
      { pageNum: 1, pageSize: 100, keyword: OVERDUE_CONTRACT_TITLE },
      manager,
    );
    const tender = tendersPage.body.data.list.find(
      (row: { id: number }) => row.id === late.tenderId,
    );
    expect(tender.contractOverdue).toBe(1);
  });
});
