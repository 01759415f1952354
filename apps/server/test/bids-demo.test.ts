import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import { bidApi } from '@tender/contracts';
import { announcements, tenders } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demoTenders: true, demoBids: true });
});
afterAll(() => t.close());

describe('demo bids', () => {
  it('cover every bid-related state, sealed under the configured key', async () => {
    const rows = await t.database.db
      .select({ id: tenders.id, title: tenders.title, status: tenders.status })
      .from(tenders)
      .where(like(tenders.title, '%（%标%）'));
    const byState = (word: string) => rows.find((r) => r.title.includes(word))!;
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
    // Its own open bid shows its price to itself.
    expect(
      mine.body.data.list.find((b: { status: string }) => b.status === 'submitted').totalPrice,
    ).toBeGreaterThan(0);

    // The opening record cannot be changed afterwards.
    await expect(
      t.database.db.execute(sql`update opening_records set valid_count = 99`),
    ).rejects.toThrow();
  });
});
