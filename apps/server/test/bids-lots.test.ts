import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bidApi, envelopeCanonical, LOT_ID_REQUIRED, tenderApi } from '@tender/contracts';
import { bidRevisions, bids, lots } from '../src/db/schema/index.js';
import { bidDigest, masterKeyOf, unsealContent } from '../src/lib/sealed-bid.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import {
  contentKeyText,
  createTender,
  lotIdsOf,
  pdfWith,
  sealQuotation,
  signUp,
  supplierIdOf,
  unwrapContentKey,
  uploadFile,
} from './support/bids.js';
import { sha256Hex } from '../src/lib/seal.js';

/**
 * 标段 (EVALUATION.md §1) on the supplier's side: a bid per lot, each with its own receipts and
 * revisions, revised and withdrawn alone; only on a lot of the tender, that the company signed
 * up for and that has not failed; a one-lot tender needs no lotId.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-07-01T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2', 'bidder3']) tok[name] = await t.login(name);
  for (const name of ['bidder1', 'bidder2', 'bidder3']) sup[name] = await supplierIdOf(t, name);
});
afterAll(() => t.close());

const THREE_LOTS = [
  { name: '35kV 开关柜', budget: '400000.00' },
  { name: '10kV 电缆', budget: '300000.00' },
  { name: '二次设备', budget: '200000.00' },
];

const quote = (
  tenderId: number,
  lotId: number | undefined,
  extra: Record<string, unknown> = {},
) => ({
  tenderId,
  ...(lotId === undefined ? {} : { lotId }),
  totalPrice: 350000,
  currency: 'CNY',
  deliveryDays: 45,
  warrantyMonths: 24,
  remark: '含运输与安装',
  ...extra,
});

/** A refusal's field names (data.fields). */
const fieldsOf = (reply: { body: { data?: unknown } }) =>
  ((reply.body.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map(
    (f) => f.field,
  );

describe('a bid per lot', () => {
  it('each lot has its own bid, receipts and revisions; revising or withdrawing one leaves the others', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 1 }, THREE_LOTS);
    const [lotA, lotB, lotC] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder1!], [lotA!, lotB!]);

    const a1 = await t.call(bidApi.submitBid, quote(tenderId, lotA), tok.bidder1);
    expect(a1.status).toBe(200);
    expect(a1.body.data).toMatchObject({ tenderId, lotId: lotA, revision: 1, action: 'submit' });
    const b1 = await t.call(
      bidApi.submitBid,
      quote(tenderId, lotB, { totalPrice: 250000 }),
      tok.bidder1,
    );
    expect(b1.body.data).toMatchObject({ tenderId, lotId: lotB, revision: 1 });
    expect(b1.body.data.bidId).not.toBe(a1.body.data.bidId);

    // Revising lot A raises A's revision only.
    const a2 = await t.call(
      bidApi.submitBid,
      quote(tenderId, lotA, { totalPrice: 340000 }),
      tok.bidder1,
    );
    expect(a2.body.data).toMatchObject({ bidId: a1.body.data.bidId, lotId: lotA, revision: 2 });
    const [bRow] = await t.database.db.select().from(bids).where(eq(bids.id, b1.body.data.bidId));
    expect(bRow).toMatchObject({ lotId: lotB, revision: 1, digest: b1.body.data.digest });

    // The server-side record binds each bid to its lot: the sealed content names it too.
    const key = masterKeyOf(t.app.deps);
    const [aRow] = await t.database.db.select().from(bids).where(eq(bids.id, a1.body.data.bidId));
    const content = unsealContent(key, aRow!.sealed!, tenderId, sup.bidder1!, 2);
    expect(content).toMatchObject({ lotId: lotA, totalPrice: '340000.00' });
    expect(bidDigest(content, tenderId, sup.bidder1!, 2)).toBe(a2.body.data.digest);

    // withdraw-bid and reconfirm-bid refuse a lotId that is not the bid's own.
    const wrongLot = await t.call(
      bidApi.withdrawBid,
      { bidId: b1.body.data.bidId, lotId: lotA },
      tok.bidder1,
    );
    expect(wrongLot.status).toBe(400);
    expect(fieldsOf(wrongLot)).toEqual(['lotId']);
    const wrongReconfirm = await t.call(
      bidApi.reconfirmBid,
      { bidId: a1.body.data.bidId, lotId: lotB },
      tok.bidder1,
    );
    expect(wrongReconfirm.status).toBe(400);
    expect(fieldsOf(wrongReconfirm)).toEqual(['lotId']);

    // Withdrawing lot B leaves lot A's bid live.
    const withdrawn = await t.call(
      bidApi.withdrawBid,
      { bidId: b1.body.data.bidId, lotId: lotB },
      tok.bidder1,
    );
    expect(withdrawn.body.data).toMatchObject({ lotId: lotB, revision: 2, action: 'withdraw' });
    const [aAfter] = await t.database.db.select().from(bids).where(eq(bids.id, a1.body.data.bidId));
    expect(aAfter).toMatchObject({ status: 'submitted', revision: 2 });
    const revisions = await t.database.db
      .select()
      .from(bidRevisions)
      .where(eq(bidRevisions.bidId, a1.body.data.bidId));
    expect(revisions.map((r) => r.revision).sort()).toEqual([1, 2]);

    // A withdrawn lot can be bid on again: the same bid, its next revision.
    const b3 = await t.call(bidApi.submitBid, quote(tenderId, lotB), tok.bidder1);
    expect(b3.body.data).toMatchObject({ bidId: b1.body.data.bidId, lotId: lotB, revision: 3 });

    // The supplier's lists: every lot, the lots it signed up for, its bid on each in lot order.
    const biddable = await t.call(
      bidApi.listBiddableTtender,
      { pageNum: 1, pageSize: 10, tenderId },
      tok.bidder1,
    );
    const row = biddable.body.data.list[0];
    expect(row.lotCount).toBe(3);
    expect(row.lots.map((l: { lotId: number }) => l.lotId)).toEqual([lotA, lotB, lotC]);
    expect(row.lots[0]).toMatchObject({ lotNo: 1, name: '35kV 开关柜', budget: 400000 });
    expect(row.signedUpLotIds).toEqual([lotA, lotB]);
    expect(row.myBids.map((b: { lotId: number }) => b.lotId)).toEqual([lotA, lotB]);
    expect(row.myBids[0]).toMatchObject({ bidId: a1.body.data.bidId, revision: 2 });
    expect(row.myBids[0].revisions.map((r: { lotId: number }) => r.lotId)).toEqual([lotA, lotA]);
    expect(row.myBid).toMatchObject({ bidId: a1.body.data.bidId, lotId: lotA, totalPrice: null });
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tok.bidder1);
    const listed = mine.body.data.list.filter((b: { tenderId: number }) => b.tenderId === tenderId);
    expect(listed.map((b: { lotId: number }) => b.lotId).sort()).toEqual([lotA, lotB].sort());
  });

  it('refuses a bid without lotId on a tender of several lots, naming lotId', async () => {
    const tenderId = await createTender(t, clock.now(), {}, THREE_LOTS);
    await signUp(t, tenderId, [sup.bidder2!]);
    const reply = await t.call(bidApi.submitBid, quote(tenderId, undefined), tok.bidder2);
    expect(reply.status).toBe(400);
    expect(fieldsOf(reply)).toEqual(['lotId']);
    expect(reply.body.errorMsg).toContain(LOT_ID_REQUIRED);
    expect(JSON.stringify(reply.body)).not.toContain('350000');
    expect(await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId))).toEqual([]);
  });

  it('refuses a lot of another tender (400 naming lotId)', async () => {
    const tenderId = await createTender(t, clock.now(), {}, THREE_LOTS);
    const other = await createTender(t, clock.now(), {}, THREE_LOTS);
    await signUp(t, tenderId, [sup.bidder2!]);
    const [foreign] = await lotIdsOf(t, other);
    const reply = await t.call(bidApi.submitBid, quote(tenderId, foreign), tok.bidder2);
    expect(reply.status).toBe(400);
    expect(fieldsOf(reply)).toEqual(['lotId']);
    expect(reply.body.errorMsg).toContain('不属于该招标');
  });

  it('refuses a lot the company did not sign up for, naming the lot', async () => {
    const tenderId = await createTender(t, clock.now(), {}, THREE_LOTS);
    const [lotA, , lotC] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder2!], [lotA!]);
    const reply = await t.call(bidApi.submitBid, quote(tenderId, lotC), tok.bidder2);
    expect(reply.status).toBe(409);
    expect(fieldsOf(reply)).toEqual(['lotId']);
    expect(reply.body.errorMsg).toBe(
      '贵公司未报名标段 3：二次设备，不能对该标段投标，请先报名该标段',
    );
    expect((await t.call(bidApi.submitBid, quote(tenderId, lotA), tok.bidder2)).status).toBe(200);
  });

  it('signs up for some lots through add-supply-ttender and bids on those only', async () => {
    const tenderId = await createTender(
      t,
      clock.now(),
      { docsFrom: new Date(clock.now().getTime() - 86400_000) },
      THREE_LOTS,
    );
    const [, lotB, lotC] = await lotIdsOf(t, tenderId);
    const signed = await t.call(
      tenderApi.addSupplyTtender,
      { tenderId, lotIds: `${lotB}` },
      tok.bidder3,
    );
    expect(signed.body).toMatchObject({ code: 0, data: { lotIds: [lotB] } });
    expect((await t.call(bidApi.submitBid, quote(tenderId, lotB), tok.bidder3)).status).toBe(200);
    const refused = await t.call(bidApi.submitBid, quote(tenderId, lotC), tok.bidder3);
    expect(refused.status).toBe(409);
    expect(fieldsOf(refused)).toEqual(['lotId']);
  });

  it('refuses a failed lot', async () => {
    const tenderId = await createTender(t, clock.now(), {}, THREE_LOTS);
    const [lotA, lotB] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder2!]);
    await t.database.db.update(lots).set({ status: 'failed' }).where(eq(lots.id, lotB!));
    const reply = await t.call(bidApi.submitBid, quote(tenderId, lotB), tok.bidder2);
    expect(reply.status).toBe(409);
    expect(fieldsOf(reply)).toEqual(['lotId']);
    expect(reply.body.errorMsg).toBe('标段 2：10kV 电缆已流标，不能对该标段投标');
    expect((await t.call(bidApi.submitBid, quote(tenderId, lotA), tok.bidder2)).status).toBe(200);
  });

  it('a one-lot tender takes a bid without lotId, and the same bid with its lotId', async () => {
    const tenderId = await createTender(t, clock.now());
    const [only] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder2!]);
    const first = await t.call(bidApi.submitBid, quote(tenderId, undefined), tok.bidder2);
    expect(first.body.data).toMatchObject({ lotId: only, revision: 1 });
    const second = await t.call(bidApi.submitBid, quote(tenderId, only), tok.bidder2);
    expect(second.body.data).toMatchObject({ bidId: first.body.data.bidId, revision: 2 });
    const withdrawn = await t.call(
      bidApi.withdrawBid,
      { bidId: first.body.data.bidId },
      tok.bidder2,
    );
    expect(withdrawn.body.data).toMatchObject({ lotId: only, revision: 3 });
    const biddable = await t.call(
      bidApi.listBiddableTtender,
      { pageNum: 1, pageSize: 10, tenderId },
      tok.bidder2,
    );
    expect(biddable.body.data.list[0]).toMatchObject({
      lotCount: 1,
      signedUpLotIds: [only],
      myBid: { bidId: first.body.data.bidId, lotId: only, status: 'withdrawn' },
    });
    expect(biddable.body.data.list[0].myBids).toHaveLength(1);
  });
});

describe('simultaneous submissions', () => {
  it('on two lots at once: one live bid per lot, each with consecutive revisions', async () => {
    const tenderId = await createTender(t, clock.now(), {}, THREE_LOTS);
    const [lotA, lotB] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder2!]);
    const replies = await Promise.all(
      [lotA, lotB, lotA, lotB, lotA].map((lotId, i) =>
        t.call(bidApi.submitBid, quote(tenderId, lotId, { totalPrice: 300000 + i }), tok.bidder2),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId));
    expect(rows.map((r) => [r.lotId, r.revision]).sort()).toEqual(
      [
        [lotA, 3],
        [lotB, 2],
      ].sort(),
    );
    for (const lotId of [lotA, lotB]) {
      const revisions = replies
        .filter((r) => r.body.data.lotId === lotId)
        .map((r) => r.body.data.revision)
        .sort();
      expect(revisions).toEqual(lotId === lotA ? [1, 2, 3] : [1, 2]);
    }
  });
});

describe('bid files per lot', () => {
  it("an attachment belongs to one lot's bid: not moved to another lot's, nor to another company's", async () => {
    const tenderId = await createTender(t, clock.now(), {}, THREE_LOTS);
    const [lotA, lotB] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder1!, sup.bidder2!]);
    const up = await uploadFile(t, tok.bidder1!, '标段1报价.pdf', pdfWith('LOT-A-FILE'), 'bid');
    const fileId = up.body.data.id as number;
    const onA = await t.call(
      bidApi.submitBid,
      quote(tenderId, lotA, { fileIds: [fileId] }),
      tok.bidder1,
    );
    expect(onA.status).toBe(200);
    const onB = await t.call(
      bidApi.submitBid,
      quote(tenderId, lotB, { fileIds: [fileId] }),
      tok.bidder1,
    );
    expect(onB.status).toBe(400);
    expect(onB.body.errorMsg).toContain('已附在其他记录上');
    const elsewhere = await t.call(
      bidApi.submitBid,
      quote(tenderId, lotA, { fileIds: [fileId] }),
      tok.bidder2,
    );
    expect(elsewhere.status).not.toBe(200);
    // Revising lot A keeps its attachment; lot B's bid was not saved at all.
    const revised = await t.call(
      bidApi.submitBid,
      quote(tenderId, lotA, { fileIds: [fileId] }),
      tok.bidder1,
    );
    expect(revised.body.data).toMatchObject({ revision: 2, quotation: { fileIds: [fileId] } });
    const rows = await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId));
    expect(rows.map((r) => [r.lotId, r.supplierId])).toEqual([[lotA, sup.bidder1]]);
  });
});

describe('bidder-sealed lots', () => {
  it('seals each lot separately in the open format; each receipt digest verifies', async () => {
    const tenderId = await createTender(t, clock.now(), { sealMode: 'bidder' }, THREE_LOTS);
    const [lotA, lotB] = await lotIdsOf(t, tenderId);
    await signUp(t, tenderId, [sup.bidder1!]);
    const salt = new Uint8Array(randomBytes(16));
    const terms = (price: string) => ({
      totalPrice: price,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 12,
      remark: '',
      fileIds: [],
    });
    // Each lot's quotation under its own content key (the passphrase wraps each).
    const first = await sealQuotation(terms('321000.00'), 'Lots#Passphrase1', { salt });
    const second = await sealQuotation(terms('123000.00'), 'Lots#Passphrase1', { salt });
    const sent = [];
    for (const [lotId, sealed] of [
      [lotA!, first.sealed],
      [lotB!, second.sealed],
    ] as const) {
      const reply = await t.call(
        bidApi.submitBid,
        { tenderId, lotId, sealed, currency: 'CNY', fileIds: [] },
        tok.bidder1,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ lotId, revision: 1, quotation: null });
      sent.push({ reply: reply.body.data, sealed });
    }
    expect(sent[0]!.reply.bidId).not.toBe(sent[1]!.reply.bidId);
    const key = masterKeyOf(t.app.deps);
    for (const [index, lotId] of [lotA!, lotB!].entries()) {
      const { reply, sealed } = sent[index]!;
      const [row] = await t.database.db.select().from(bids).where(eq(bids.id, reply.bidId));
      expect(row!.lotId).toBe(lotId);
      const content = unsealContent(key, row!.sealed!, tenderId, sup.bidder1!, 1);
      expect(content).toMatchObject({ lotId, envelope: sealed });
      // The receipt digest over the open format, as the browser recomputes it after the opening.
      const canonical = envelopeCanonical({
        tenderId,
        supplierId: sup.bidder1!,
        revision: 1,
        fileIds: [],
        nonce: content.nonce,
        envelope: sealed,
        fileSha256: [],
      });
      expect(sha256Hex(canonical)).toBe(reply.digest);
      // get-my-sealed-bid answers each lot's own envelope, naming the lot.
      const mine = await t.call(bidApi.getMySealedBid, { bidId: reply.bidId }, tok.bidder1);
      expect(mine.body.data).toMatchObject({ bidId: reply.bidId, lotId, sealed, revision: 1 });
      const own = [first, second][index]!.contentKey;
      expect(
        contentKeyText(await unwrapContentKey(mine.body.data.sealed, 'Lots#Passphrase1')),
      ).toBe(contentKeyText(own));
    }

    // At the opening each lot's bid is decrypted with its own key; the other lot's key fails.
    clock.advance(3600);
    expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
    const [onA, onB] = sent.map((s) => s.reply.bidId as number);
    const decrypt = (bidId: number, key: Uint8Array, lotId?: number) =>
      t.call(
        bidApi.decryptBid,
        { bidId, contentKey: contentKeyText(key), ...(lotId ? { lotId } : {}) },
        tok.bidder1,
      );
    const crossed = await decrypt(onB!, first.contentKey);
    expect(crossed.status).toBe(400);
    expect(fieldsOf(crossed)).toEqual(['contentKey']);
    const a = await decrypt(onA!, first.contentKey, lotA);
    expect(a.body.data).toMatchObject({ lotId: lotA, digestVerified: true, valid: true });
    const b = await decrypt(onB!, second.contentKey, lotB);
    expect(b.body.data).toMatchObject({ lotId: lotB, digestVerified: true, valid: true });
  });
});
