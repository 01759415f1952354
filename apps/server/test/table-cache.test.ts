import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { API_BASE, admin, tenderApi, type RouteContract } from '@tender/contracts';
import { testDbKind } from './support/database.js';
import { createTender, supplierIdOf } from './support/bids.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { closeSecondInstance, secondInstance } from './support/second-instance.js';

// Answers kept in memory (db/table-cache.ts): a company's view of a tender and 用户管理's pages.
// Two instances on one database, as in access-cache.test.ts: `t` makes the changes, `other`
// stands for a second server process (its own pool and notification connection on PostgreSQL).
let t: TestApp;
let other: FastifyInstance;
const clock = new TestClock();
beforeAll(async () => {
  t = await startTestApp({ clock });
  other = await secondInstance(t, clock);
});
afterAll(async () => {
  await closeSecondInstance(other);
  await t.close();
});

async function get(app: FastifyInstance, route: RouteContract, query: object, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: `${API_BASE}${route.path}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { authorization: token },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Waits for the other instance; the mechanism bounds it at one second (see access-cache.test.ts). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the change never applied');
}

describe("a company's view of a tender", () => {
  it('follows its sign-up and an amendment at once here and on the other instance, and the clock at every request', async () => {
    const id = await createTender(t, clock.now(), { title: '储能电站 PCS 采购' });
    const bidder = await t.login('bidder1');
    const manager = await t.login('manager');
    const view = (app: FastifyInstance) => get(app, tenderApi.getTtenderById, { id }, bidder);
    // Both instances keep the view now.
    for (const app of [t.app, other])
      expect(await view(app)).toMatchObject({
        status: 'published',
        participation: { signedUp: false, signUpRefusal: null },
      });

    expect((await t.call(tenderApi.addSupplyTtender, { tenderId: id }, bidder)).body.code).toBe(0);
    expect((await view(t.app)).participation.signedUp).toBe(true);
    await eventually(async () => (await view(other)).participation.signedUp === true);

    clock.advance(60);
    const amended = await t.call(
      tenderApi.amendTtender,
      { id, reason: '澄清标题', title: '储能电站 PCS 采购（第一次澄清）' },
      manager,
    );
    expect(amended.body.code).toBe(0);
    expect(await view(t.app)).toMatchObject({
      title: '储能电站 PCS 采购（第一次澄清）',
      participation: { amendmentCount: 1 },
    });
    await eventually(async () => (await view(other)).title === '储能电站 PCS 采购（第一次澄清）');

    // Nothing in the database changes at the deadline: the status comes from the clock.
    clock.advance(2 * 3600);
    try {
      for (const app of [t.app, other]) expect((await view(app)).status).toBe('closed');
    } finally {
      clock.advance(-2 * 3600 - 60);
    }
  });

  it('answers 404 for a tender the company may not see, until it is invited', async () => {
    const id = await createTender(t, clock.now(), { procurementMethod: 'invited' });
    const bidder = await t.login('bidder2');
    const manager = await t.login('manager');
    const status = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'GET',
          url: `${API_BASE}${tenderApi.getTtenderById.path}?id=${id}`,
          headers: { authorization: bidder },
        })
      ).statusCode;
    expect(await status(t.app)).toBe(404);
    expect(await status(other)).toBe(404);
    const supplierId = await supplierIdOf(t, 'bidder2');
    const invited = await t.call(tenderApi.addSupplyTtender, { tenderId: id, supplierId }, manager);
    expect(invited.body.code).toBe(0);
    expect(await status(t.app)).toBe(200);
    await eventually(async () => (await status(other)) === 200);
  });
});

describe('用户管理', () => {
  it('follows a change of a user at once here and on the other instance', async () => {
    const adminToken = await t.login('admin');
    const page = (app: FastifyInstance) =>
      get(app, admin.listAdmin, { username: 'bidder3', pageNum: 1, pageSize: 10 }, adminToken);
    const before = (await page(t.app)).list[0];
    expect((await page(other)).list[0]).toEqual(before);

    const renamed = await t.call(
      admin.updateAdmin,
      { userid: before.userid, realName: '王工（已改名）' },
      adminToken,
    );
    expect(renamed.body.code).toBe(0);
    expect((await page(t.app)).list[0].realName).toBe('王工（已改名）');
    await eventually(async () => (await page(other)).list[0].realName === '王工（已改名）');

    // A login is a change of the user too (its last login time is on the page).
    await t.login('bidder3');
    expect((await page(t.app)).list[0].lastLoginAt).not.toBe(before.lastLoginAt);
  });
});

describe.runIf(testDbKind === 'postgres')('without the notification connection', () => {
  it('reads through until it is back, so even a change nobody announced shows', async () => {
    const changes = other.deps.changes;
    const adminToken = await t.login('admin');
    const page = (app: FastifyInstance) =>
      get(app, admin.listAdmin, { username: 'bidder4' }, adminToken);
    const userid = (await page(other)).list[0].userid;
    const killer = new pg.Client({ connectionString: t.databaseUrl });
    await killer.connect();
    try {
      await killer.query('select pg_terminate_backend($1)', [changes.listenerPid]);
      // With triggers off for this session nothing announces the change: the other instance
      // sees it only because it stops trusting memory once its listener is gone.
      await killer.query(`set session_replication_role = replica`);
      await killer.query(`update users set real_name = '赵工（离线时改）' where id = $1`, [userid]);
    } finally {
      await killer.end();
    }
    await eventually(async () => (await page(other)).list[0].realName === '赵工（离线时改）');
  });
});
