import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_BASE, announcementApi, bidApi, LOT_ID_REQUIRED } from '@tender/contracts';
import {
  announcements,
  awards,
  bids,
  notifications,
  tenders,
  users,
} from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { contentKeyText, sealQuotation, supplierIdOf } from './support/bids.js';
import { createLotTender, lotStatuses, signUpForLots } from './support/opening-lots.js';

/**
 * 标段 after the deadline, over HTTP: one opening act for the whole tender, a lot failing alone
 * with too few valid bids, the comparison, candidates, award (once per lot, 兼投不兼中) and the
 * 中标通知书 of one lot, and the tender `awarded` once no lot is left open.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};
const LOTS = [
  { name: '光伏组件', budget: '500000.00', minBids: 2 },
  { name: '组串式逆变器', budget: '300000.00', minBids: 2 },
  { name: '箱式变压器', budget: '200000.00', minBids: 2 },
];
let tenderId: number;
let lotIds: number[];
/** bid[bidder][lotNo]: the bid id. */
const bid: Record<string, Record<number, number>> = {};

const messageOf = (reply: { body: { errorMsg?: string; message?: string } }) =>
  reply.body.errorMsg ?? reply.body.message ?? '';

async function submit(who: string, lotNo: number, totalPrice: number) {
  const reply = await t.call(
    bidApi.submitBid,
    {
      tenderId,
      lotId: lotIds[lotNo - 1],
      totalPrice,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 24,
      fileIds: [],
    },
    tok[who],
  );
  expect(reply.status).toBe(200);
  expect(reply.body.data.lotId).toBe(lotIds[lotNo - 1]);
  (bid[who] ??= {})[lotNo] = reply.body.data.bidId;
}

const award = (lotNo: number | undefined, bidId: number) =>
  t.call(
    bidApi.awardTtender,
    {
      id: tenderId,
      ...(lotNo === undefined ? {} : { lotId: lotIds[lotNo - 1] }),
      bidId,
      reason: '经评审综合得分最高',
    },
    tok.manager,
  );

const tenderStatus = async (id: number) =>
  (await t.database.db.select().from(tenders).where(eq(tenders.id, id)))[0]!.status;

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2', 'bidder3']) {
    tok[name] = await t.login(name);
    if (name.startsWith('bidder')) sup[name] = await supplierIdOf(t, name);
  }
  ({ tenderId, lotIds } = await createLotTender(t, clock.now(), LOTS, { maxLotsPerWinner: 1 }));
  await signUpForLots(t, tenderId, sup.bidder1!, [lotIds[0]!, lotIds[1]!]);
  await signUpForLots(t, tenderId, sup.bidder2!, [lotIds[0]!, lotIds[1]!]);
  await signUpForLots(t, tenderId, sup.bidder3!, [lotIds[2]!]);
  await submit('bidder1', 1, 480_000);
  await submit('bidder2', 1, 470_000);
  await submit('bidder1', 2, 290_000);
  await submit('bidder2', 2, 295_000);
  await submit('bidder3', 3, 190_000);
  clock.advance(3600);
});
afterAll(() => t.close());

describe('the opening of a tender of three lots', () => {
  it('is one act; lot 3 with one valid bid fails alone and the tender stays opened', async () => {
    const opened = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(opened.status).toBe(200);
    const record = opened.body.data;
    expect(record.lots).toEqual([
      { lotId: lotIds[0], lotNo: 1, name: '光伏组件', minBids: 2, validCount: 2, failed: false },
      {
        lotId: lotIds[1],
        lotNo: 2,
        name: '组串式逆变器',
        minBids: 2,
        validCount: 2,
        failed: false,
      },
      { lotId: lotIds[2], lotNo: 3, name: '箱式变压器', minBids: 2, validCount: 1, failed: true },
    ]);
    expect(record.failed).toBe(false);
    expect(record.validCount).toBe(5);
    // Read out lot by lot, each entry naming its lot.
    expect(record.entries.map((e: { lotId: number }) => e.lotId)).toEqual([
      lotIds[0],
      lotIds[0],
      lotIds[1],
      lotIds[1],
      lotIds[2],
    ]);
    expect(await tenderStatus(tenderId)).toBe('opened');
    expect(await lotStatuses(t, tenderId)).toEqual(['active', 'active', 'failed']);
  });

  it('reads the whole record, or one lot’s section of it', async () => {
    const whole = await t.call(bidApi.getOpeningRecord, { tenderId }, tok.manager);
    expect(whole.status).toBe(200);
    expect(whole.body.data).toMatchObject({ failed: false, validCount: 5, minBids: 2 });
    expect(whole.body.data.entries).toHaveLength(5);

    const lot3 = await t.call(bidApi.getOpeningRecord, { tenderId, lotId: lotIds[2] }, tok.bidder3);
    expect(lot3.status).toBe(200);
    expect(lot3.body.data).toMatchObject({ failed: true, validCount: 1, minBids: 2 });
    expect(lot3.body.data.entries).toHaveLength(1);
    expect(lot3.body.data.lots).toHaveLength(3);

    const lot1 = await t.call(bidApi.getOpeningRecord, { tenderId, lotId: lotIds[0] }, tok.manager);
    expect(lot1.body.data).toMatchObject({ failed: false, validCount: 2 });
    expect(lot1.body.data.entries.map((e: { bidId: number }) => e.bidId).sort()).toEqual(
      [bid.bidder1![1], bid.bidder2![1]].sort(),
    );
  });
});

describe('comparison per lot', () => {
  it('needs lotId on a tender of several lots', async () => {
    const reply = await t.call(bidApi.listBidsByTender, { tenderId }, tok.manager);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('lotId');
    expect(messageOf(reply)).toContain(LOT_ID_REQUIRED.slice(0, 8));
  });

  it('compares a lot’s bids against the lot’s budget and lowest price', async () => {
    const reply = await t.call(
      bidApi.listBidsByTender,
      { tenderId, lotId: lotIds[0] },
      tok.manager,
    );
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.lotId).toBe(lotIds[0]);
    expect(data.budget).toBe(500_000);
    expect(data.bids).toHaveLength(2);
    const byBid = new Map(data.bids.map((b: { bidId: number }) => [b.bidId, b]));
    expect(byBid.get(bid.bidder2![1]!)).toMatchObject({
      rank: 1,
      deviationFromBudget: -6,
      deviationFromLowest: 0,
    });
    expect(byBid.get(bid.bidder1![1]!)).toMatchObject({ rank: 2, deviationFromBudget: -4 });
    expect(data.award).toBeNull();
    expect(data.awardBlockedReason).toBeNull();
    // Lot 3's single bid is compared alone; the lot failed, so nothing to award there.
    const lot3 = await t.call(bidApi.listBidsByTender, { tenderId, lotId: lotIds[2] }, tok.manager);
    expect(lot3.body.data).toMatchObject({ budget: 200_000, award: null });
    expect(lot3.body.data.bids).toHaveLength(1);
  });
});

describe('candidates and the award per lot', () => {
  it('publishes a lot’s candidates, named by the lot; a bid of another lot is refused', async () => {
    const wrong = await t.call(
      announcementApi.publishCandidates,
      {
        id: tenderId,
        lotId: lotIds[0],
        candidates: [{ bidId: bid.bidder1![2]!, rank: 1, reason: '报价合理' }],
      },
      tok.manager,
    );
    expect(wrong.status).toBe(400);
    expect(messageOf(wrong)).toContain('标段 2：组串式逆变器');

    const made = await t.call(
      announcementApi.publishCandidates,
      {
        id: tenderId,
        lotId: lotIds[0],
        candidates: [
          { bidId: bid.bidder2![1]!, rank: 1, reason: '报价最低' },
          { bidId: bid.bidder1![1]!, rank: 2, reason: '报价次低' },
        ],
      },
      tok.manager,
    );
    expect(made.status).toBe(200);
    const read = await t.call(
      announcementApi.getAnnouncementById,
      { id: made.body.data.announcementId },
      tok.manager,
    );
    expect(read.body.data).toMatchObject({
      lotId: lotIds[0],
      lotNo: 1,
      lotName: '光伏组件',
      lotCount: 3,
      kind: 'candidates',
    });
    expect(read.body.data.title).toContain('标段 1：光伏组件');
    expect(read.body.data.title).toContain('中标候选人公示');
  });

  it('refuses a bid of another lot, and a failed lot', async () => {
    const other = await award(1, bid.bidder1![2]!);
    expect(other.status).toBe(400);
    expect(messageOf(other)).toContain('标段 2');

    const failed = await award(3, bid.bidder3![3]!);
    expect(failed.status).toBe(409);
    expect(messageOf(failed)).toMatch(/标段 3：箱式变压器已流标/);

    const missing = await award(undefined, bid.bidder1![1]!);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('lotId');
  });

  let winner: 'bidder1' | 'bidder2';
  it('awards a lot once: of two simultaneous awards one wins, the other is 409', async () => {
    const [a, b] = await Promise.all([award(1, bid.bidder1![1]!), award(1, bid.bidder2![1]!)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(messageOf(loser)).toMatch(/已定标/);
    winner = a.status === 200 ? 'bidder1' : 'bidder2';

    const lotAwards = await t.database.db.select().from(awards).where(eq(awards.lotId, lotIds[0]!));
    expect(lotAwards).toHaveLength(1);
    expect(lotAwards[0]!.bidId).toBe(bid[winner]![1]);
    const results = await t.database.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.lotId, lotIds[0]!), eq(announcements.kind, 'result')));
    expect(results).toHaveLength(1);
    expect(results[0]!.title).toContain('标段 1：光伏组件');
    expect(results[0]!.title).toContain('中标结果公告');

    const statusOf = async (id: number) =>
      (await t.database.db.select().from(bids).where(eq(bids.id, id)))[0]!.status;
    const other = winner === 'bidder1' ? 'bidder2' : 'bidder1';
    expect(await statusOf(bid[winner]![1]!)).toBe('won');
    expect(await statusOf(bid[other]![1]!)).toBe('lost');
    // Lot 2 is untouched, and the tender stays opened while it is open.
    expect(await statusOf(bid.bidder1![2]!)).toBe('opened');
    expect(await statusOf(bid.bidder2![2]!)).toBe('opened');
    expect(await tenderStatus(tenderId)).toBe('opened');
    expect(await lotStatuses(t, tenderId)).toEqual(['awarded', 'active', 'failed']);

    // The winner is told of the lot it won.
    const [winnerUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, winner));
    const told = await t.database.db
      .select({ text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, winnerUser!.id), eq(notifications.kind, 'award_result')));
    expect(told).toContainEqual({
      text: expect.stringContaining('标段 1：光伏组件：贵公司中标'),
      // The notice's link names the lot: a tender of several lots has a notice per lot.
      link: expect.stringContaining(`lotId=${lotIds[0]}`),
    });
    // 未中标 goes to the lot's other bidder only: bidder3 bid on lot 3 alone.
    const [bidder3] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'bidder3'));
    const bidder3Told = await t.database.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.userId, bidder3!.id), eq(notifications.kind, 'award_result')));
    expect(bidder3Told).toEqual([]);

    const again = await award(1, bid[other]![1]!);
    expect(again.status).toBe(409);
    const compared = await t.call(
      bidApi.listBidsByTender,
      { tenderId, lotId: lotIds[0] },
      tok.manager,
    );
    expect(compared.body.data.award).toMatchObject({ bidId: bid[winner]![1] });
  });

  it('兼投不兼中: the winner of lot 1 cannot win lot 2; the other bidder can', async () => {
    const refused = await award(2, bid[winner]![2]!);
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toMatch(
      /^兼投不兼中：每个投标人最多中标 1 个标段，.+已中标 1 个标段/,
    );
    expect(await lotStatuses(t, tenderId)).toEqual(['awarded', 'active', 'failed']);

    const other = winner === 'bidder1' ? 'bidder2' : 'bidder1';
    const awarded = await award(2, bid[other]![2]!);
    expect(awarded.status).toBe(200);
    // Every lot is awarded or failed, one at least awarded: the tender is awarded.
    expect(await lotStatuses(t, tenderId)).toEqual(['awarded', 'awarded', 'failed']);
    expect(await tenderStatus(tenderId)).toBe('awarded');

    const result = await t.call(
      announcementApi.getAnnouncementById,
      { id: awarded.body.data.announcementId },
      tok.manager,
    );
    expect(result.body.data).toMatchObject({ lotId: lotIds[1], lotNo: 2, lotCount: 3 });
    expect(result.body.data.title).toContain('标段 2：组串式逆变器');
  });

  it('issues the 中标通知书 per lot, naming the lot', async () => {
    const missing = await t.call(announcementApi.getAwardNoticeData, { tenderId }, tok.manager);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('lotId');

    const notice = await t.call(
      announcementApi.getAwardNoticeData,
      { tenderId, lotId: lotIds[0] },
      tok[winner],
    );
    expect(notice.status).toBe(200);
    expect(notice.body.data).toMatchObject({
      lotId: lotIds[0],
      lotNo: 1,
      lotName: '光伏组件',
      lotCount: 3,
      winnerSupplierId: sup[winner],
      amount: winner === 'bidder1' ? 480_000 : 470_000,
    });
    // The other lot's notice is not the winner of lot 1's to read.
    const notMine = await t.call(
      announcementApi.getAwardNoticeData,
      { tenderId, lotId: lotIds[1] },
      tok[winner],
    );
    expect(notMine.status).toBe(404);
    // The failed lot has none.
    const none = await t.call(
      announcementApi.getAwardNoticeData,
      { tenderId, lotId: lotIds[2] },
      tok.manager,
    );
    expect(none.status).toBe(404);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${announcementApi.getAwardNotice.path}?tenderId=${tenderId}&lotId=${lotIds[0]}`,
      headers: { authorization: tok[winner]! },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(String(pdf.headers['content-disposition']))).toContain('标段1');
  });
});

describe('bidder mode: every lot failing fails the tender', () => {
  const PASS = '分标段解密口令-2026';
  const SALT = new Uint8Array(randomBytes(16));
  let bidderTender: number;
  let bidderLots: number[];
  const sealed: Record<string, { bidId: number; key: Uint8Array }> = {};

  it('bids on a lot each, decrypts naming the lot, and fails both lots', async () => {
    ({ tenderId: bidderTender, lotIds: bidderLots } = await createLotTender(
      t,
      clock.now(),
      [
        { name: '储能电池舱', budget: '800000.00', minBids: 2 },
        { name: '能量管理系统', budget: '100000.00', minBids: 2 },
      ],
      { sealMode: 'bidder', decryptionMinutes: 30, confirmMinutes: 30 },
    ));
    for (const [who, lotIndex, price] of [
      ['bidder1', 0, '760000.00'],
      ['bidder2', 1, '95000.00'],
    ] as const) {
      await signUpForLots(t, bidderTender, sup[who]!, [bidderLots[lotIndex]!]);
      const envelope = await sealQuotation(
        {
          totalPrice: price,
          currency: 'CNY',
          deliveryDays: 45,
          warrantyMonths: 24,
          remark: '',
          fileIds: [],
        } as never,
        PASS,
        { salt: SALT },
      );
      const reply = await t.call(
        bidApi.submitBid,
        {
          tenderId: bidderTender,
          lotId: bidderLots[lotIndex],
          sealed: envelope.sealed,
          fileIds: [],
        },
        tok[who],
      );
      expect(reply.status).toBe(200);
      sealed[who] = { bidId: reply.body.data.bidId, key: envelope.contentKey };
    }
    clock.advance(3600);

    const ceremony = await t.call(bidApi.openBids, { id: bidderTender }, tok.manager);
    expect(ceremony.status).toBe(200);
    expect(
      ceremony.body.data.bids.map((b: { bidId: number; lotId: number }) => [b.bidId, b.lotId]),
    ).toEqual([
      [sealed.bidder1!.bidId, bidderLots[0]],
      [sealed.bidder2!.bidId, bidderLots[1]],
    ]);

    const mismatch = await t.call(
      bidApi.decryptBid,
      {
        bidId: sealed.bidder1!.bidId,
        lotId: bidderLots[1],
        contentKey: contentKeyText(sealed.bidder1!.key),
      },
      tok.bidder1,
    );
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.body)).toContain('lotId');

    for (const [who, lotIndex] of [
      ['bidder1', 0],
      ['bidder2', 1],
    ] as const) {
      const reply = await t.call(
        bidApi.decryptBid,
        {
          bidId: sealed[who]!.bidId,
          lotId: bidderLots[lotIndex],
          contentKey: contentKeyText(sealed[who]!.key),
        },
        tok[who],
      );
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ lotId: bidderLots[lotIndex], valid: true });
    }

    const finished = await t.call(bidApi.finishOpening, { id: bidderTender }, tok.manager);
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ failed: true, validCount: 2, sealMode: 'bidder' });
    expect(finished.body.data.lots.map((l: { failed: boolean }) => l.failed)).toEqual([true, true]);
    expect(finished.body.data.entries.map((e: { totalPrice: number }) => e.totalPrice)).toEqual([
      760_000, 95_000,
    ]);
    expect(await tenderStatus(bidderTender)).toBe('failed');
    expect(await lotStatuses(t, bidderTender)).toEqual(['failed', 'failed']);

    const refused = await t.call(
      bidApi.awardTtender,
      { id: bidderTender, lotId: bidderLots[0], bidId: sealed.bidder1!.bidId, reason: '试图定标' },
      tok.manager,
    );
    expect(refused.status).toBe(409);
  });
});
