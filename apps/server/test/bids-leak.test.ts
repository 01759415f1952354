import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import * as contracts from '@tender/contracts';
import { bidApi, type RouteContract } from '@tender/contracts';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, signUp, supplierIdOf } from './support/bids.js';
import { testDbKind } from './support/database.js';

/**
 * Before the opening nobody but the bidding supplier learns a price, a remark or a count: not
 * through any route (whatever the role), not in any table row, not in the audit log or the log.
 */
const PRICE = 987123.45;
const SECRETS = ['987123.45', '987123', '玖拾捌万柒仟壹佰贰拾叁', 'SECRET-REMARK-7f3a'];

let t: TestApp;
const logLines: string[] = [];
const clock = new TestClock(new Date('2026-05-06T03:00:00.000Z'));
const tokens: Record<string, string | undefined> = { anonymous: undefined };
let tenderId: number;
let bidId: number;

beforeAll(async () => {
  t = await startTestApp({
    clock,
    logStream: { write: (line) => void logLines.push(line) },
    config: { logLevel: 'trace' },
  });
  for (const name of ['admin', 'manager', 'bidder1', 'bidder2', 'bidder4'])
    tokens[name] = await t.login(name);
  tenderId = await createTender(t, clock.now(), { minBids: 1 });
  await signUp(
    t,
    tenderId,
    await Promise.all(['bidder1', 'bidder2', 'bidder4'].map((n) => supplierIdOf(t, n))),
  );
  const quote = {
    tenderId,
    totalPrice: PRICE,
    currency: 'CNY',
    deliveryDays: 60,
    warrantyMonths: 18,
    remark: 'SECRET-REMARK-7f3a',
  };
  const receipt = await t.call(bidApi.submitBid, quote, tokens.bidder1);
  expect(receipt.status).toBe(200);
  bidId = receipt.body.data.bidId;
  // A refused submission must not echo the price either.
  const refused = await t.call(bidApi.submitBid, { ...quote, totalPrice: 987123.456 });
  expect(JSON.stringify(refused.body)).not.toContain('987123');
  await t.call(bidApi.submitBid, { ...quote, totalPrice: 111222.33, remark: '' }, tokens.bidder2);
});
afterAll(() => t.close());

const contains = (text: string) => SECRETS.filter((secret) => text.includes(secret));

/** Every GET contract with its query filled from the names it declares. */
function getRoutes(): RouteContract[] {
  const routes: RouteContract[] = [];
  for (const space of Object.values(contracts))
    if (space && typeof space === 'object')
      for (const value of Object.values(space as Record<string, unknown>)) {
        const route = value as RouteContract;
        if (route && route.method === 'GET' && typeof route.path === 'string') routes.push(route);
      }
  return routes;
}

function inputFor(route: RouteContract, id: number) {
  const shape = route.query instanceof z.ZodObject ? route.query.shape : {};
  const values: Record<string, unknown> = {
    tenderId,
    id,
    bidId,
    pageNum: 1,
    pageSize: 100,
    keyword: '',
  };
  return Object.fromEntries(
    Object.keys(shape).flatMap((k) => (k in values ? [[k, values[k]]] : [])),
  );
}

describe('before the opening', () => {
  it.each(['anonymous', 'bidder2', 'bidder4', 'manager', 'admin'])(
    'no route answers %s a price, a remark or the count',
    async (caller) => {
      const routes = getRoutes();
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes)
        for (const id of [tenderId, bidId]) {
          const reply = await t.call(route, inputFor(route, id), tokens[caller]);
          const text = JSON.stringify(reply.body);
          expect(contains(text), `${route.path} as ${caller}`).toEqual([]);
        }
      const count = await t.call(bidApi.getBidCount, { tenderId }, tokens[caller]);
      expect(count.status).not.toBe(200);
      const record = await t.call(bidApi.getOpeningRecord, { tenderId }, tokens[caller]);
      expect(record.status).not.toBe(200);
      const comparison = await t.call(bidApi.listBidsByTender, { tenderId }, tokens[caller]);
      expect(comparison.status).not.toBe(200);
    },
  );

  it('the bidding supplier itself reads its own price', async () => {
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tokens.bidder1);
    expect(mine.body.data.list[0].totalPrice).toBe(PRICE);
    const other = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tokens.bidder2);
    expect(contains(JSON.stringify(other.body))).toEqual([]);
  });

  it('no table row, audit entry or log line holds a price or a remark', async () => {
    const result = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows;
    expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['bids', 'audit_log']));
    for (const { table_name } of tables) {
      const rows = await t.database.db.execute(
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      const text = (rows as unknown as { rows: { row: string }[] }).rows
        .map((r) => r.row)
        .join('\n');
      expect(contains(text), table_name).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(contains(logLines.join('\n'))).toEqual([]);
  });

  // What an operator's backup holds: the whole database as pg_dump writes it.
  it.runIf(testDbKind === 'postgres')('a pg_dump of the database holds no price', () => {
    const dump = execFileSync('pg_dump', ['--no-owner', t.databaseUrl!], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dump).toContain('COPY public.bids');
    expect(contains(dump)).toEqual([]);
  });
});

describe('after the opening', () => {
  it('the same scan finds the revealed price (the detector works)', async () => {
    clock.advance(3600);
    const opened = await t.call(bidApi.openBids, { id: tenderId }, tokens.manager);
    expect(opened.status).toBe(200);
    expect(contains(JSON.stringify(opened.body))).toEqual(SECRETS.slice(0, 3));
    const rows = await t.database.db.execute(sql`select t::text as row from bids t`);
    const text = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join();
    expect(contains(text)).toContain('987123.45');
  });
});
