import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  API_BASE,
  auth,
  bidApi,
  role,
  tenderApi,
  type RouteContract,
} from '@tender/contracts';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DEMO_PASSWORDS } from '../src/seed/demo.js';
import { testConfig, TEST_SECRET } from './support/app.js';
import { testDbKind } from './support/database.js';
import { spawnServer, type ServerProcess } from './support/process.js';
import { draftInput } from './support/tenders.js';

/**
 * Two server processes on one PostgreSQL database, on two ports, nothing in between: whatever
 * one of them changes, the other applies on its very next request.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const name = `tender_two_${process.pid}_${Date.now()}`;
const dir = mkdtempSync(path.join(tmpdir(), 'tender-two-'));
let url: string;
const servers: ServerProcess[] = [];
let A: string;
let B: string;

async function control(query: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows;
  } finally {
    await client.end();
  }
}

/** A client address per call (the servers trust X-Forwarded-For from 127.0.0.1 here). */
const someAddress = () => `10.${randomBytes(3).join('.')}`;

async function call(
  base: string,
  route: RouteContract,
  input: object,
  token?: string,
  address = someAddress(),
) {
  const headers: Record<string, string> = {
    'x-forwarded-for': address,
    ...(token ? { authorization: token } : {}),
  };
  const target = `${base}${API_BASE}${route.path}`;
  const response =
    route.method === 'GET'
      ? await fetch(
          `${target}?${new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]))}`,
          { headers },
        )
      : await fetch(target, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
  const body = (await response.json()) as { code: number; data: any; errorMsg?: string };
  return { status: response.status, ...body };
}

const login = async (base: string, username: string, password: string, address?: string) =>
  call(base, auth.login, { username, password }, undefined, address);
const token = async (base: string, username: string, password = DEMO_PASSWORDS.bidder) => {
  const reply = await login(base, username, password);
  if (reply.code !== 0) throw new Error(`login ${username}: ${reply.errorMsg}`);
  return reply.data as string;
};

describe.runIf(testDbKind === 'postgres')('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const setup = new pg.Client({ connectionString: adminUrl });
    await setup.connect();
    await setup.query(`create database ${name}`);
    await setup.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dir,
      JWT_SECRET: TEST_SECRET,
      BID_SEAL_KEY: 'two-instances-seal-key-two-instances-0123456',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT: '6',
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL: '',
    };
    // Started together: the migrations and the demo seed serialise on their advisory locks.
    const started = [spawnServer(env), spawnServer(env)];
    servers.push(...started);
    [A, B] = (await Promise.all(started.map((s) => s.ready))) as [string, string];
  }, 600_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a logout on one ends the token on the other', async () => {
    const bidder = await token(A, 'bidder1');
    expect((await call(B, auth.listMenuByUser, {}, bidder)).code).toBe(0);
    expect((await call(A, auth.logout, {}, bidder)).code).toBe(0);
    const after = await call(B, auth.listMenuByUser, {}, bidder);
    expect(after.code).toBe(503);
  });

  it('a user disabled on one is refused by the other', async () => {
    const adminToken = await token(A, 'admin', DEMO_PASSWORDS.admin);
    const bidder = await token(B, 'bidder3');
    const [row] = await control(`select id from users where username = 'bidder3'`);
    expect(
      (await call(A, admin.updateAdmin, { userid: row.id, status: 'disabled' }, adminToken)).code,
    ).toBe(0);
    const refused = await call(B, auth.listMenuByUser, {}, bidder);
    expect(refused.code).toBe(503);
    expect(refused.errorMsg).toContain('停用');
    expect(
      (await call(B, admin.updateAdmin, { userid: row.id, status: 'enabled' }, adminToken)).code,
    ).toBe(0);
    expect((await call(A, auth.listMenuByUser, {}, await token(A, 'bidder3'))).code).toBe(0);
  });

  it('a permission granted or taken on one applies on the other', async () => {
    const adminToken = await token(B, 'admin', DEMO_PASSWORDS.admin);
    const created = await call(
      A,
      role.insertRole,
      { roleName: '双实例角色', powerIds: [] },
      adminToken,
    );
    const roleId = created.data.roleId as number;
    const user = await call(
      A,
      admin.insertAdmin,
      { username: 'twoinst', password: 'Two-Instances-2026', realName: '双实例', roleId },
      adminToken,
    );
    expect(user.code).toBe(0);
    const userToken = await token(B, 'twoinst', 'Two-Instances-2026');
    expect((await call(B, role.listRole, {}, userToken)).status).toBe(403);
    const [power] = await control(`select id from powers where code = 'menu:role'`);
    expect(
      (await call(A, role.updateRole, { roleId, powerIds: [power.id] }, adminToken)).code,
    ).toBe(0);
    expect((await call(B, role.listRole, {}, userToken)).code).toBe(0);
    expect((await call(B, role.updateRole, { roleId, powerIds: [] }, adminToken)).code).toBe(0);
    expect((await call(A, role.listRole, {}, userToken)).status).toBe(403);
  });

  it('deadlines agree: a tender past its deadline refuses bids on both, an open one takes them on both', async () => {
    const [closed] = await control(
      `insert into tenders (tender_no, title, category, procurement_method, budget, bid_deadline, opening_at, min_bids, status, published_at, created_by)
       values ('T-two-closed', '截止测试', 'energy_storage', 'open', 1000000, now() - interval '1 second', now() - interval '1 second', 1, 'published', now() - interval '1 day', 1)
       returning id`,
    );
    const [open] = await control(
      `insert into tenders (tender_no, title, category, procurement_method, budget, bid_deadline, opening_at, min_bids, status, published_at, created_by)
       values ('T-two-open', '截止测试', 'energy_storage', 'open', 1000000, now() + interval '1 hour', now() + interval '1 hour', 1, 'published', now() - interval '1 day', 1)
       returning id`,
    );
    // Every tender has its lots: these two have one each, and both bidders signed up for it.
    await control(
      `insert into lots (tender_id, lot_no, name, budget, min_bids)
       select id, 1, title, budget, min_bids from tenders where id in ($1, $2)`,
      [closed.id, open.id],
    );
    await control(
      `insert into participations (tender_id, supplier_id)
       select t.id, u.supplier_id from users u cross join (values ($1::int), ($2::int)) as t(id)
       where u.username in ('bidder1', 'bidder2')`,
      [closed.id, open.id],
    );
    await control(
      `insert into participation_lots (tender_id, supplier_id, lot_id)
       select p.tender_id, p.supplier_id, l.id from participations p join lots l on l.tender_id = p.tender_id
       where p.tender_id in ($1, $2)`,
      [closed.id, open.id],
    );
    const quote = (tenderId: number) => ({
      tenderId,
      totalPrice: 900_000,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 12,
    });
    const [one, two] = [await token(A, 'bidder1'), await token(B, 'bidder2')];
    const refusedA = await call(A, bidApi.submitBid, quote(closed.id), one);
    const refusedB = await call(B, bidApi.submitBid, quote(closed.id), two);
    expect([refusedA.status, refusedB.status]).toEqual([409, 409]);
    expect(refusedA.errorMsg).toBe(refusedB.errorMsg);
    expect(refusedA.errorMsg).toContain('投标已截止');
    expect((await call(A, bidApi.submitBid, quote(open.id), one)).code).toBe(0);
    expect((await call(B, bidApi.submitBid, quote(open.id), two)).code).toBe(0);
  });

  it('tender numbers drawn on both at once have neither gaps nor duplicates', async () => {
    const manager = await token(A, 'manager', DEMO_PASSWORDS.manager);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? B : A, tenderApi.insertTtender, draftInput(new Date()), manager),
      ),
    );
    const numbers = replies
      .map((r) => Number(String(r.data.tenderNo).slice(-6)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it('share the login rate limit per address', async () => {
    const address = someAddress();
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push(await login(i % 2 ? B : A, `nobody${i}`, 'Wrong-Password-1', address));
    expect(tries.map((t) => t.status)).toEqual(Array(6).fill(400));
    expect((await login(A, 'nobody', 'x', address)).status).toBe(429);
    expect((await login(B, 'nobody', 'x', address)).status).toBe(429);
    // Another address is not affected.
    expect((await login(B, 'nobody', 'Wrong-Password-1')).status).toBe(400);
  });

  it('share the lock-out of an account', async () => {
    const address = someAddress();
    for (let i = 0; i < 4; i++)
      expect((await login(i % 2 ? B : A, 'bidder2', 'Wrong-Password-1', address)).status).toBe(400);
    expect((await login(B, 'bidder2', 'Wrong-Password-1', address)).status).toBe(429);
    const right = await login(A, 'bidder2', DEMO_PASSWORDS.bidder, address);
    expect(right.status).toBe(429);
    expect(right.errorMsg).toContain('锁定');
  });
});

/**
 * With REDIS_URL, the rate-limit counters live in Redis: two apps, each with its own Redis
 * client and database pool, count one address together. Runs where TEST_REDIS_URL is set.
 */
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('the login rate limit in Redis', () => {
  let database: Database;
  afterAll(() => database?.close());

  it('is shared by two instances', { timeout: 120_000 }, async () => {
    database = await openDatabase({ kind: 'pglite' });
    const config = testConfig({
      redisUrl: process.env.TEST_REDIS_URL,
      loginRateLimit: 4,
      trustProxy: ['127.0.0.1'],
    });
    const apps = [
      await buildApp({ config, database, logger: false }),
      await buildApp({ config: { ...config }, database, logger: false }),
    ];
    try {
      const address = `10.99.${randomBytes(2).join('.')}`;
      const attempt = (i: number) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: `${API_BASE}${auth.login.path}`,
          payload: { username: `nobody${i}`, password: 'Wrong-Password-1' },
          headers: { 'x-forwarded-for': address },
          remoteAddress: '127.0.0.1',
        });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt(i)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
