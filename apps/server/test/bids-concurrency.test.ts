import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { bidApi } from '@tender/contracts';
import { buildApp } from '../src/app.js';
import { bidRevisions, bids } from '../src/db/schema/index.js';
import { startTestApp, testConfig, TestClock, type TestApp } from './support/app.js';
import { createTender, manyBidders, signUp, supplierIdOf } from './support/bids.js';

let t: TestApp;
const clock = new TestClock(new Date('2026-04-01T01:00:00.000Z'));
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2', 'bidder3']) tok[name] = await t.login(name);
});
afterAll(() => t.close());

const quote = (tenderId: number, totalPrice: number) => ({
  tenderId,
  totalPrice,
  currency: 'CNY',
  deliveryDays: 30,
  warrantyMonths: 12,
});

describe('sealed bids under concurrency', () => {
  it('20 simultaneous submissions by one supplier: revisions 1..20, one live bid', async () => {
    const tenderId = await createTender(t, clock.now());
    await signUp(t, tenderId, [await supplierIdOf(t, 'bidder1')]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(bidApi.submitBid, quote(tenderId, 1000 + i), tok.bidder1),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const revisions = replies.map((r) => r.body.data.revision as number).sort((a, b) => a - b);
    expect(revisions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const live = await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId));
    expect(live).toHaveLength(1);
    expect(live[0]!.revision).toBe(20);
    const history = await t.database.db
      .select()
      .from(bidRevisions)
      .where(eq(bidRevisions.bidId, live[0]!.id));
    expect(history).toHaveLength(20);
  });

  it('50 suppliers in the last second: each acknowledged with its row, or cleanly refused', async () => {
    const now = clock.now();
    const deadline = new Date(now.getTime() + 1000);
    const tenderId = await createTender(t, now, { bidDeadline: deadline, openingAt: deadline });
    const bidders = await manyBidders(t, 50, 'last');
    await signUp(
      t,
      tenderId,
      bidders.map((b) => b.supplierId),
    );
    clock.advance(0.5);
    const pending = bidders.map((b, i) =>
      t.call(bidApi.submitBid, quote(tenderId, 5000 + i), b.token),
    );
    // The deadline passes while the burst is under way.
    setTimeout(() => clock.advance(0.5), 5);
    const replies = await Promise.all(pending);
    const accepted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(accepted.length + refused.length).toBe(50);
    for (const r of refused) expect(r.status).toBe(409);
    const rows = await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId));
    expect(rows).toHaveLength(accepted.length);
    for (const row of rows) {
      expect(row.sealed).not.toBeNull();
      expect(row.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(row.revision).toBe(1);
    }
    const history = rows.length
      ? await t.database.db
          .select()
          .from(bidRevisions)
          .where(
            inArray(
              bidRevisions.bidId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    expect(history).toHaveLength(accepted.length);
  });

  it('two simultaneous openings give one record; two simultaneous awards give one award', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 2 });
    await signUp(
      t,
      tenderId,
      await Promise.all(['bidder1', 'bidder2', 'bidder3'].map((n) => supplierIdOf(t, n))),
    );
    const receipts = [];
    for (const [i, name] of ['bidder1', 'bidder2', 'bidder3'].entries())
      receipts.push(
        (await t.call(bidApi.submitBid, quote(tenderId, 700 + i), tok[name])).body.data,
      );
    clock.advance(3600);
    const [a, b] = await Promise.all([
      t.call(bidApi.openBids, { id: tenderId }, tok.manager),
      t.call(bidApi.openBids, { id: tenderId }, tok.manager),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);

    const awards = await Promise.all(
      receipts
        .slice(0, 2)
        .map((r) =>
          t.call(
            bidApi.awardTtender,
            { id: tenderId, bidId: r.bidId, reason: '评审' },
            tok.manager,
          ),
        ),
    );
    expect(awards.map((r) => r.status).sort()).toEqual([200, 409]);
    const statuses = (await t.database.db.select().from(bids).where(eq(bids.tenderId, tenderId)))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual(['lost', 'lost', 'won']);
  });

  it('start-up refuses another BID_SEAL_KEY while sealed bids exist, naming it', async () => {
    await expect(
      buildApp({
        config: testConfig({ bidSealKey: 'another-key-another-key-another-key-0123456' }),
        database: t.database,
        clock,
        logger: false,
      }),
    ).rejects.toThrow(/BID_SEAL_KEY/);
    const same = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await same.close();
  });
});
