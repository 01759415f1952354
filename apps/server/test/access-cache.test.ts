import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { API_BASE, admin, auth, role } from '@tender/contracts';
import { testDbKind } from './support/database.js';
import { DEMO_PASSWORDS, startTestApp, type TestApp } from './support/app.js';
import { closeSecondInstance, secondInstance } from './support/second-instance.js';

// Two instances on one database: `t` makes the changes, `other` stands for a second server
// process (its own pool and its own notification connection on PostgreSQL).
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  other = await secondInstance(t);
});
afterAll(async () => {
  await closeSecondInstance(other);
  await t.close();
});

const menuVia = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'GET',
    url: `${API_BASE}${auth.listMenuByUser.path}`,
    headers: { authorization: token },
  });

/**
 * Waits until `check` holds. The mechanism bounds the delay on another instance at one second
 * (a notification, or no trust in memory once the listener is silent for 750 ms); the test
 * waits for the outcome and does not time it.
 */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the change never applied');
}
const statusOn = async (app: FastifyInstance, token: string, status: number) =>
  (await menuVia(app, token)).statusCode === status;

describe('access checks served from memory', () => {
  it('applies a logout at the next request on the same instance, and on the other', async () => {
    const token = await t.login('bidder1');
    // Both instances have the user in memory now.
    expect((await menuVia(t.app, token)).statusCode).toBe(200);
    expect((await menuVia(other, token)).statusCode).toBe(200);
    expect((await t.call(auth.logout, {}, token)).body.code).toBe(0);
    expect((await menuVia(t.app, token)).statusCode).toBe(401);
    await eventually(() => statusOn(other, token, 401));
  });

  it('applies a password change and a disabling at once here and on the other instance', async () => {
    const adminToken = await t.login('admin');
    const bidder = await t.login('bidder2');
    expect((await menuVia(other, bidder)).statusCode).toBe(200);
    const changed = await t.call(
      auth.updateAdminPassword,
      { oldPassword: DEMO_PASSWORDS.bidder, password: 'Another-pass-2024' },
      bidder,
    );
    expect(changed.body.code).toBe(0);
    expect((await menuVia(t.app, bidder)).statusCode).toBe(401);
    await eventually(() => statusOn(other, bidder, 401));

    const fresh = await t.login('bidder2', 'Another-pass-2024');
    expect((await menuVia(other, fresh)).statusCode).toBe(200);
    const users = await t.call(admin.listAdmin, { username: 'bidder2' }, adminToken);
    const userid = users.body.data.list[0].userid as number;
    const disable = await t.call(admin.updateAdmin, { userid, status: 'disabled' }, adminToken);
    expect(disable.body.code).toBe(0);
    expect((await menuVia(t.app, fresh)).statusCode).toBe(401);
    await eventually(() => statusOn(other, fresh, 401));
  });

  it('applies a role’s disabling to its menu on both instances', async () => {
    const adminToken = await t.login('admin');
    const manager = await t.login('manager');
    const menuSize = async (app: FastifyInstance) =>
      ((await menuVia(app, manager)).json().data.menuList as unknown[]).length;
    expect(await menuSize(other)).toBeGreaterThan(0);
    const roles = await t.call(role.listRole, { roleName: 'tender_manager' }, adminToken);
    const managerRole = roles.body.data.list[0];
    const off = await t.call(
      role.updateRole,
      { roleId: managerRole.roleId, status: 'disabled' },
      adminToken,
    );
    expect(off.body.code).toBe(0);
    try {
      expect(await menuSize(t.app)).toBe(0);
      await eventually(async () => (await menuSize(other)) === 0);
    } finally {
      await t.call(role.updateRole, { roleId: managerRole.roleId, status: 'enabled' }, adminToken);
    }
    await eventually(async () => (await menuSize(other)) > 0);
  });
});

describe.runIf(testDbKind === 'postgres')('the notification connection', () => {
  it('is replaced after PostgreSQL drops it, and changes still reach the other instance', async () => {
    const changes = other.deps.changes;
    const killed = changes.listenerPid!;
    expect(killed).toBeGreaterThan(0);
    const killer = new pg.Client({ connectionString: t.databaseUrl });
    await killer.connect();
    try {
      await killer.query('select pg_terminate_backend($1)', [killed]);
    } finally {
      await killer.end();
    }
    // Until it is back, memory is not trusted: a change made now applies there too.
    const token = await t.login('bidder3');
    expect((await menuVia(other, token)).statusCode).toBe(200);
    expect((await t.call(auth.logout, {}, token)).body.code).toBe(0);
    await eventually(() => statusOn(other, token, 401));

    await eventually(async () => changes.live && changes.listenerPid !== killed);
    const again = await t.login('bidder3');
    expect((await menuVia(other, again)).statusCode).toBe(200);
    expect((await t.call(auth.logout, {}, again)).body.code).toBe(0);
    await eventually(() => statusOn(other, again, 401));
  });
});
