import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bidApi, priceText, quotationCanonical, tenderApi } from '@tender/contracts';
import { announcements, bids, bidRevisions, suppliers, tenders } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, invite, signUp, supplierIdOf } from './support/bids.js';

let t: TestApp;
const clock = new TestClock(new Date('2026-03-02T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['admin', 'manager', 'bidder1', 'bidder2', 'bidder3', 'bidder4'])
    tok[name] = await t.login(name);
  for (const name of ['bidder1', 'bidder2', 'bidder3', 'bidder4'])
    sup[name] = await supplierIdOf(t, name);
});
afterAll(() => t.close());

const quote = (tenderId: number, extra: Record<string, unknown> = {}) => ({
  tenderId,
  totalPrice: 880000.5,
  currency: 'CNY',
  deliveryDays: 45,
  warrantyMonths: 24,
  remark: '含运输与安装',
  ...extra,
});

/** The documented command (docs/sealed-bids.md), run as a supplier would. */
const sha256sum = (canonical: string) =>
  execFileSync('sh', ['-c', `printf '%s' "$1" | sha256sum | cut -d' ' -f1`, 'sh', canonical])
    .toString()
    .trim();

describe('sealed bid lifecycle', () => {
  it('bids, revises, withdraws, opens at the opening time, compares, awards once', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 2, priceCeiling: '950000' });
    await signUp(t, tenderId, [sup.bidder1!, sup.bidder2!, sup.bidder3!]);

    const first = await t.call(bidApi.submitBid, quote(tenderId), tok.bidder1);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ tenderId, revision: 1, action: 'submit' });
    expect(first.body.data.digest).toMatch(/^[0-9a-f]{64}$/);
    const revised = await t.call(
      bidApi.submitBid,
      quote(tenderId, { totalPrice: '870000.00' }),
      tok.bidder1,
    );
    expect(revised.body.data).toMatchObject({ bidId: first.body.data.bidId, revision: 2 });

    const b2 = await t.call(bidApi.submitBid, quote(tenderId, { totalPrice: 900000 }), tok.bidder2);
    const withdrawn = await t.call(bidApi.withdrawBid, { bidId: b2.body.data.bidId }, tok.bidder2);
    expect(withdrawn.body.data).toMatchObject({ action: 'withdraw', revision: 2 });
    const again = await t.call(bidApi.withdrawBid, { bidId: b2.body.data.bidId }, tok.bidder2);
    expect(again.status).toBe(409);
    const b2again = await t.call(
      bidApi.submitBid,
      quote(tenderId, { totalPrice: 910000, deliveryDays: 30 }),
      tok.bidder2,
    );
    expect(b2again.body.data).toMatchObject({ bidId: b2.body.data.bidId, revision: 3 });
    // Above the ceiling: accepted now (nothing is compared before opening), invalid at opening.
    const b3 = await t.call(bidApi.submitBid, quote(tenderId, { totalPrice: 990000 }), tok.bidder3);
    expect(b3.status).toBe(200);

    // The submission's own answer echoes what was sent (the 回执 to keep) …
    expect(revised.body.data.quotation).toEqual({
      totalPrice: '870000.00',
      currency: 'CNY',
      deliveryDays: 45,
      warrantyMonths: 24,
      remark: '含运输与安装',
      fileIds: [],
    });
    // … and afterwards the supplier sees its receipts, no term; another's bidId is unknown to it.
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tok.bidder1);
    const own = mine.body.data.list.find((b: { tenderId: number }) => b.tenderId === tenderId);
    expect(own).toMatchObject({
      revision: 2,
      status: 'submitted',
      digest: revised.body.data.digest,
      totalPrice: null,
      currency: null,
      deliveryDays: null,
      warrantyMonths: null,
      remark: null,
      fileIds: null,
    });
    expect(own.revisions.map((r: { revision: number }) => r.revision)).toEqual([1, 2]);
    const biddable = await t.call(
      bidApi.listBiddableTtender,
      { pageNum: 1, pageSize: 10, tenderId },
      tok.bidder1,
    );
    expect(biddable.body.data.total).toBe(1);
    const row = biddable.body.data.list[0];
    expect(row).toMatchObject({ id: tenderId, status: 'published', bidRefusal: null });
    expect(row.myBid).toMatchObject({ revision: 2, totalPrice: null, remark: null });
    expect(
      (await t.call(bidApi.withdrawBid, { bidId: first.body.data.bidId }, tok.bidder2)).status,
    ).toBe(404);

    // Before the deadline: no count; before the opening time: no opening.
    expect((await t.call(bidApi.getBidCount, { tenderId }, tok.manager)).status).toBe(409);
    const early = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(early.status).toBe(409);
    expect(early.body.errorMsg ?? early.body.message).toMatch(/开标/);
    expect((await t.call(bidApi.listBidsByTender, { tenderId }, tok.manager)).status).toBe(409);

    clock.advance(3600);
    expect((await t.call(bidApi.getBidCount, { tenderId }, tok.manager)).body.data).toEqual({
      count: 3,
    });
    const late = await t.call(bidApi.submitBid, quote(tenderId), tok.bidder1);
    expect(late.status).toBe(409);

    const opened = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(opened.status).toBe(200);
    const record = opened.body.data;
    expect(record.entries).toHaveLength(3);
    expect(record.validCount).toBe(2);
    expect(record.failed).toBe(false);
    const e1 = record.entries.find((e: { supplierId: number }) => e.supplierId === sup.bidder1);
    expect(e1).toMatchObject({ totalPrice: 870000, revision: 2, valid: true });
    expect(e1.totalPriceInWords).toBe('捌拾柒万元整');
    const e3 = record.entries.find((e: { supplierId: number }) => e.supplierId === sup.bidder3);
    expect(e3).toMatchObject({ valid: false, invalidReason: '超过最高投标限价' });

    // The receipt verifies against the record with the documented command.
    const canonical = JSON.stringify({
      currency: 'CNY',
      deliveryDays: 45,
      fileIds: [],
      nonce: e1.nonce,
      remark: '含运输与安装',
      revision: 2,
      supplierId: sup.bidder1,
      tenderId,
      totalPrice: '870000.00',
      warrantyMonths: 24,
    });
    expect(sha256sum(canonical)).toBe(revised.body.data.digest);
    expect(e1.digest).toBe(revised.body.data.digest);
    // After the opening the supplier sees its bid as opened; the browser's 验证回执 builds the
    // same canonical text from it and the record's nonce (the one function both sides use).
    const afterOpening = (
      await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tok.bidder1)
    ).body.data.list.find((b: { tenderId: number }) => b.tenderId === tenderId);
    expect(afterOpening).toMatchObject({ totalPrice: 870000, remark: '含运输与安装', fileIds: [] });
    expect(
      quotationCanonical({
        tenderId,
        supplierId: e1.supplierId,
        revision: e1.revision,
        fileIds: afterOpening.fileIds,
        nonce: e1.nonce,
        totalPrice: priceText(afterOpening.totalPrice),
        currency: afterOpening.currency,
        deliveryDays: afterOpening.deliveryDays,
        warrantyMonths: afterOpening.warrantyMonths,
        remark: afterOpening.remark,
      }),
    ).toBe(canonical);

    // Opening twice answers the same record and changes nothing.
    const twice = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(twice.body.data).toEqual(record);
    // The tender's bidders read the record; a supplier without a bid does not learn it exists.
    expect((await t.call(bidApi.getOpeningRecord, { tenderId }, tok.bidder2)).status).toBe(200);
    expect((await t.call(bidApi.getOpeningRecord, { tenderId }, tok.bidder4)).status).toBe(404);

    const comparison = (await t.call(bidApi.listBidsByTender, { tenderId }, tok.manager)).body.data;
    const c1 = comparison.bids.find((b: { supplierId: number }) => b.supplierId === sup.bidder1);
    expect(c1).toMatchObject({ rank: 1, deviationFromBudget: -13, deviationFromLowest: 0 });
    const c2 = comparison.bids.find((b: { supplierId: number }) => b.supplierId === sup.bidder2);
    expect(c2.rank).toBe(2);
    expect(c2.deviationFromLowest).toBeCloseTo(4.6, 1);
    // All three bid from the same test address and browser.
    expect(comparison.warnings.map((w: { kind: string }) => w.kind)).toContain('same-ip');

    // Award: not the invalid bid, not another tender's; then once.
    const invalid = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: e3.bidId, reason: '最低价' },
      tok.manager,
    );
    expect(invalid.status).toBe(409);
    const awarded = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: e1.bidId, reason: '经评审最低投标价' },
      tok.manager,
    );
    expect(awarded.status).toBe(200);
    const second = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: c2.bidId, reason: '再次' },
      tok.manager,
    );
    expect(second.status).toBe(409);
    const [announcement] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, awarded.body.data.announcementId));
    expect(announcement).toMatchObject({ kind: 'result', status: 'draft', amount: '870000.00' });
    expect(announcement!.title).toContain('储能电站 PCS 采购');
    expect(announcement!.content).toContain('捌拾柒万元整');

    const results = async (token: string) =>
      (await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, token)).body.data.list.find(
        (b: { tenderId: number }) => b.tenderId === tenderId,
      ).status;
    expect(await results(tok.bidder1!)).toBe('won');
    expect(await results(tok.bidder2!)).toBe('lost');
    expect(await results(tok.bidder3!)).toBe('invalid');
  });

  it('a tender with fewer valid bids than the minimum fails; unconfirmed bids are invalid', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 2 });
    await signUp(t, tenderId, [sup.bidder1!, sup.bidder2!]);
    const b1 = await t.call(bidApi.submitBid, quote(tenderId), tok.bidder1);
    const b2 = await t.call(bidApi.submitBid, quote(tenderId), tok.bidder2);
    expect(
      (await t.call(bidApi.reconfirmBid, { bidId: b1.body.data.bidId }, tok.bidder1)).status,
    ).toBe(409);
    // An amendment of the title alone asks nothing; one of the price ceiling marks both bids.
    const titleOnly = await t.call(
      tenderApi.amendTtender,
      { id: tenderId, reason: '更正标题', title: '储能电站 PCS 采购（更正）' },
      tok.manager,
    );
    expect(titleOnly.status).toBe(200);
    expect(
      (await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId))).map(
        (b) => b.needsReconfirm,
      ),
    ).toEqual([false, false]);
    const amended = await t.call(
      tenderApi.amendTtender,
      { id: tenderId, reason: '设最高限价', priceCeiling: 990000 },
      tok.manager,
    );
    expect(amended.status).toBe(200);
    // Only bidder1 re-confirms (same content, new revision).
    const re = await t.call(bidApi.reconfirmBid, { bidId: b1.body.data.bidId }, tok.bidder1);
    expect(re.body.data).toMatchObject({ action: 'reconfirm', revision: 2 });
    expect(re.body.data.digest).not.toBe(b1.body.data.digest);
    clock.advance(3600);
    const record = (await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).body.data;
    expect(record).toMatchObject({ validCount: 1, failed: true });
    const e2 = record.entries.find((e: { bidId: number }) => e.bidId === b2.body.data.bidId);
    expect(e2).toMatchObject({ valid: false, invalidReason: '澄清/修改后未重新确认' });
    const [tender] = await t.database.db.select().from(tenders).where(eq(tenders.id, tenderId));
    expect(tender!.status).toBe('failed');
    const award = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: b1.body.data.bidId, reason: '唯一' },
      tok.manager,
    );
    expect(award.status).toBe(409);

    // 投标报价 says why: with the counts to a company whose bid took part (they are in the
    // record it reads); a cancelled tender gives its reason.
    const row = async (id: number, token: string) =>
      (await t.call(bidApi.listBiddableTtender, { pageNum: 1, pageSize: 10, tenderId: id }, token))
        .body.data.list[0];
    expect((await row(tenderId, tok.bidder1!)).endReason).toBe(
      '有效投标 1 家，少于 2 家，本项目流标',
    );
    const cancelled = await createTender(t, clock.now(), {
      status: 'cancelled',
      cancelReason: '项目资金未落实',
    });
    await signUp(t, cancelled, [sup.bidder1!]);
    expect(await row(cancelled, tok.bidder1!)).toMatchObject({
      status: 'cancelled',
      endReason: '招标方已终止本项目：项目资金未落实',
      myBid: null,
    });
  });

  it('opens a bid whose remark holds a lone surrogate, as the driver stores any text (U+FFFD)', async () => {
    // JSON carries "\ud800" to the server; the opening writes every bid in one statement and
    // must not hand PostgreSQL an escape it refuses: the remark reads as U+FFFD, the record stands.
    const tenderId = await createTender(t, clock.now(), { minBids: 1 });
    await signUp(t, tenderId, [sup.bidder1!]);
    const sent = await t.call(
      bidApi.submitBid,
      quote(tenderId, { remark: '含运输\ud800与安装\udfff' }),
      tok.bidder1,
    );
    expect(sent.status).toBe(200);
    clock.advance(3600);
    const opened = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(opened.status).toBe(200);
    expect(opened.body.data.entries).toMatchObject([{ totalPrice: 880000.5, valid: true }]);
    const [row] = await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId));
    expect(row).toMatchObject({
      status: 'opened',
      totalPrice: '880000.50',
      remark: '含运输\ufffd与安装\ufffd',
    });
  });
});

describe('refusals leave no partial row', () => {
  let tenderId: number;
  const liveRows = async () =>
    (await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId))).length;

  beforeAll(async () => {
    tenderId = await createTender(t, clock.now());
    await signUp(t, tenderId, [sup.bidder1!, sup.bidder4!]);
  });

  it.each([
    ['0', 0],
    ['negative', -5],
    ['three decimals', 12.345],
    ['text with spaces', ' 12 '],
    ['1e309', '1e309'],
    ['NaN', 'NaN'],
    ['empty', ''],
    ['not a number', 'abc'],
  ])('totalPrice %s → 400 naming totalPrice', async (_label, totalPrice) => {
    const reply = await t.call(bidApi.submitBid, quote(tenderId, { totalPrice }), tok.bidder1);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('totalPrice');
    expect(await liveRows()).toBe(0);
  });

  it('1e309 as a JSON number (Infinity) → 400', async () => {
    const reply = await t.raw({
      method: 'POST',
      url: `/tendering-service${bidApi.submitBid.path}`,
      headers: { authorization: tok.bidder1!, 'content-type': 'application/json' },
      payload: `{"tenderId":${tenderId},"totalPrice":1e309,"deliveryDays":1,"warrantyMonths":1}`,
    });
    expect(reply.status).toBe(400);
  });

  it.each([
    ['deliveryDays', -1],
    ['deliveryDays', 1.5],
    ['warrantyMonths', -2],
    ['warrantyMonths', 0.5],
  ])('%s %s → 400', async (field, value) => {
    const reply = await t.call(bidApi.submitBid, quote(tenderId, { [field]: value }), tok.bidder1);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(field);
  });

  it('refuses the wrong tender, state, company and time', async () => {
    const notSignedUp = await createTender(t, clock.now());
    expect((await t.call(bidApi.submitBid, quote(notSignedUp), tok.bidder1)).status).toBe(409);

    const invited = await createTender(t, clock.now(), { procurementMethod: 'invited' });
    await signUp(t, invited, [sup.bidder1!]);
    const notInvited = await t.call(bidApi.submitBid, quote(invited), tok.bidder1);
    expect(notInvited.status).toBe(409);
    expect(notInvited.body.errorMsg ?? notInvited.body.message).toMatch(/邀请/);
    await invite(t, invited, [sup.bidder1!]);
    expect((await t.call(bidApi.submitBid, quote(invited), tok.bidder1)).status).toBe(200);

    const draft = await createTender(t, clock.now(), { status: 'draft', publishedAt: null });
    await signUp(t, draft, [sup.bidder1!]);
    expect((await t.call(bidApi.submitBid, quote(draft), tok.bidder1)).status).toBe(404);
    const cancelled = await createTender(t, clock.now(), { status: 'cancelled' });
    await signUp(t, cancelled, [sup.bidder1!]);
    expect((await t.call(bidApi.submitBid, quote(cancelled), tok.bidder1)).status).toBe(409);
    const bidderMode = await createTender(t, clock.now(), { sealMode: 'bidder' });
    await signUp(t, bidderMode, [sup.bidder1!]);
    // A clear price for a `bidder`-mode tender: refused by the field that gives it away.
    const mode = await t.call(bidApi.submitBid, quote(bidderMode), tok.bidder1);
    expect(mode.status).toBe(400);
    expect(mode.body.data.fields[0].field).toBe('totalPrice');
    expect(mode.body.errorMsg ?? mode.body.message).toMatch(/本项目为投标人加密模式/);
    expect((await t.call(bidApi.submitBid, quote(999999), tok.bidder1)).status).toBe(404);

    // bidder4's company is pending; then a blacklisted company.
    expect((await t.call(bidApi.submitBid, quote(tenderId), tok.bidder4)).status).toBe(409);
    await t.database.db
      .update(suppliers)
      .set({ status: 'blacklisted', blacklistUntil: null })
      .where(eq(suppliers.id, sup.bidder4!));
    const black = await t.call(bidApi.submitBid, quote(tenderId), tok.bidder4);
    expect(black.status).toBe(409);
    expect(black.body.errorMsg ?? black.body.message).toMatch(/黑名单/);
    expect(await liveRows()).toBe(0);
    // Managers hold no company: they cannot bid (and have no power to).
    expect((await t.call(bidApi.submitBid, quote(tenderId), tok.manager)).status).toBe(403);
  });

  it('the deadline holds to the millisecond on the server clock', async () => {
    const now = clock.now();
    const soon = await createTender(t, now, {
      bidDeadline: new Date(now.getTime() + 1),
      openingAt: new Date(now.getTime() + 1),
    });
    await signUp(t, soon, [sup.bidder1!]);
    const inTime = await t.call(bidApi.submitBid, quote(soon), tok.bidder1);
    expect(inTime.status).toBe(200);
    clock.advance(0.001);
    const late = await t.call(bidApi.submitBid, quote(soon), tok.bidder1);
    expect(late.status).toBe(409);
    expect(late.body.errorMsg ?? late.body.message).toMatch(/截止/);
    const lateWithdraw = await t.call(
      bidApi.withdrawBid,
      { bidId: inTime.body.data.bidId },
      tok.bidder1,
    );
    expect(lateWithdraw.status).toBe(409);
    const [row] = await t.database.db.select().from(bids).where(eq(bids.tenderId, soon));
    expect(row).toMatchObject({ revision: 1, status: 'submitted' });
    const revisions = await t.database.db
      .select()
      .from(bidRevisions)
      .where(eq(bidRevisions.bidId, row!.id));
    expect(revisions).toHaveLength(1);
  });

  it('fileIds must be the caller’s own bid uploads', async () => {
    const other = await createTender(t, clock.now());
    await signUp(t, other, [sup.bidder1!]);
    const reply = await t.call(bidApi.submitBid, quote(other, { fileIds: [424242] }), tok.bidder1);
    expect(reply.status).toBe(404);
    expect((await t.database.db.select().from(bids).where(eq(bids.tenderId, other))).length).toBe(
      0,
    );
  });
});
