import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, role } from '@tender/contracts';
import { auditLog } from '../src/db/schema/index.js';
import { chainUnsealedAuditRows, verifyAuditChain } from '../src/lib/audit-chain.js';
import { registeredRoutes } from '../src/plugins/route.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const chainState = async () => (await t.call(audit.verifyAuditChain, {}, admin)).body.data;

describe('the tamper-evident audit chain', () => {
  it('links every row to the one before, also when many changes are audited at once', async () => {
    // Parallel writers (real connections on PostgreSQL) must still form one linear chain.
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(role.insertRole, { roleName: `链测试 ${i}`, powerIds: [] }, admin),
      ),
    );
    expect(created.every((reply) => reply.body.code === 0)).toBe(true);

    const links = await rows<{ id: string; prev_hash: string; hash: string }>(
      sql`select id, prev_hash, hash from audit_log order by id`,
    );
    expect(links.length).toBeGreaterThan(30);
    links.forEach((row, i) => {
      if (i > 0) expect(row.prev_hash).toBe(links[i - 1]!.hash);
    });
    // Creation times follow the chain's order too.
    const times = await rows<{ ordered: boolean }>(
      sql`select bool_and(created_at >= lag) as ordered from (select created_at, lag(created_at) over (order by id) from audit_log) t where lag is not null`,
    );
    expect(times[0]!.ordered).toBe(true);

    const state = await chainState();
    expect(state).toMatchObject({ ok: true, checked: links.length, firstBroken: null });
    expect(state.lastId).toBe(Number(links.at(-1)!.id));
  });

  it('shows the chain state to the audit-log power only', async () => {
    const bidder = await t.login('bidder1');
    expect((await t.call(audit.verifyAuditChain, {}, bidder)).status).toBe(403);
    expect((await t.call(audit.verifyAuditChain, {})).status).toBe(401);
  });

  it('offers no route that changes or deletes audit rows, to anyone', () => {
    // Every registered route, admin's included: the audit log's are the list and the check.
    const touchingAudit = registeredRoutes(t.app).filter((r) =>
      /audit[-_]?log|审计日志/i.test(`${r.url} ${r.name}`),
    );
    expect(touchingAudit.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [`GET ${audit.listAuditLog.path}`, `GET ${audit.verifyAuditChain.path}`].sort(),
    );
  });

  it('refuses updates, deletes and truncation of audit rows in the database itself', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await chainState()).ok).toBe(true);
  });

  it('chains rows written before the chain existed, in id order, at start-up', async () => {
    const db = t.database.db;
    // As an upgraded installation has them: inserted without hashes.
    await db.insert(auditLog).values(
      [1, 2, 3].map((n) => ({
        action: `升级前的记录 ${n}`,
        method: 'POST',
        url: '/legacy',
        before: { n, nested: { b: 1, a: [2, 'x'] } },
      })),
    );
    expect((await chainState()).ok).toBe(false);
    expect(await chainUnsealedAuditRows(db)).toBe(3);
    expect(await chainUnsealedAuditRows(db)).toBe(0);
    expect((await chainState()).ok).toBe(true);
  });

  it('names the row after one deleted from the middle, and is whole again once it is back', async () => {
    const db = t.database.db;
    const [victim, next] = await rows<{ id: string; row: object }>(
      sql`select id, to_jsonb(audit_log) as row from audit_log order by id limit 2 offset 10`,
    );
    await db.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
    await db.execute(sql`delete from audit_log where id = ${Number(victim!.id)}`);
    await db.execute(sql`alter table audit_log enable trigger audit_log_immutable`);
    const report = await verifyAuditChain(db);
    expect(report.firstBroken).toMatchObject({
      id: Number(next!.id),
      reason: expect.stringContaining('不衔接'),
    });

    await db.execute(
      sql`insert into audit_log select * from jsonb_populate_record(null::audit_log, ${JSON.stringify(victim!.row)}::jsonb)`,
    );
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('names the first row edited directly in the database', async () => {
    const db = t.database.db;
    const [victim] = await rows<{ id: string }>(
      sql`select id from audit_log where action = ${role.insertRole.summary} order by id limit 1 offset 5`,
    );
    const id = Number(victim!.id);
    const [listed] = (
      await t.call(audit.listAuditLog, { pageSize: 100, action: role.insertRole.summary }, admin)
    ).body.data.list.filter((entry: { id: number }) => entry.id === id);

    // Only the table's owner gets past the trigger, by switching it off: the chain still tells.
    await db.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
    await db.execute(
      sql`update audit_log set after = jsonb_set(after, '{roleName}', '"改过的"') where id = ${id}`,
    );
    await db.execute(sql`alter table audit_log enable trigger audit_log_immutable`);

    const report = await verifyAuditChain(db);
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({ id, reason: expect.stringContaining('被改动') });
    expect(report.firstBroken!.time.slice(0, 23)).toBe(listed.createdAt.slice(0, 23));
    // The screen's route tells the same.
    expect((await chainState()).firstBroken.id).toBe(id);
  });
});
