import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, audit, auth, dictionary, role } from '@tender/contracts';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

const latest = async (action?: string) =>
  (await t.call(audit.listAuditLog, { pageSize: 5, ...(action ? { action } : {}) }, token)).body
    .data.list;

describe('the audit log', () => {
  it('records who changed which record through which interface, with before and after', async () => {
    const created = await t.call(
      role.insertRole,
      { roleName: '审计测试', description: '初始' },
      token,
    );
    const roleId = created.body.data.roleId;
    await t.call(role.updateRole, { roleId, description: '修改后' }, token);
    const [entry] = await latest('修改角色');
    expect(entry).toMatchObject({
      username: 'admin',
      userid: 1,
      action: role.updateRole.summary,
      method: 'POST',
      url: role.updateRole.path,
      targetType: 'role',
      targetId: String(roleId),
      before: { description: '初始' },
      after: { description: '修改后' },
    });
    expect(entry.requestId).toBeTruthy();
    expect(Date.parse(entry.createdAt)).not.toBeNaN();
  });

  it('never stores a password, even hashed', async () => {
    await t.call(
      admin.insertAdmin,
      { username: 'audited', password: 'Secret1234', realName: '审计', roleId: 2 },
      token,
    );
    const [entry] = await latest('新增用户');
    expect(entry.after.username).toBe('audited');
    expect(JSON.stringify(entry)).not.toMatch(/Secret1234|argon2/);
  });

  it('writes no row when the change is refused', async () => {
    const before = (await t.call(audit.listAuditLog, {}, token)).body.data.total;
    const refused = await t.call(
      dictionary.insertDictType,
      { code: 'tender_category', name: '重复' },
      token,
    );
    expect(refused.body.code).toBe(409);
    expect((await t.call(audit.listAuditLog, {}, token)).body.data.total).toBe(before);
  });

  it('records logins and logouts', async () => {
    const bidder = await t.login('bidder1');
    await t.call(auth.logout, {}, bidder);
    const entries = (await t.call(audit.listAuditLog, { userid: 3 }, token)).body.data.list;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      auth.logout.summary,
      auth.login.summary,
    ]);
  });

  it('filters by user, action and date range', async () => {
    const all = (await t.call(audit.listAuditLog, { pageSize: 100 }, token)).body.data;
    expect(all.total).toBeGreaterThan(3);
    const future = (await t.call(audit.listAuditLog, { from: '2999-01-01T00:00:00Z' }, token)).body
      .data;
    expect(future.total).toBe(0);
    const bad = await t.call(audit.listAuditLog, { from: 'yesterday' }, token);
    expect(bad.body.code).toBe(400);
    expect(bad.body.errorMsg).toMatch(/^开始时间不是有效的日期时间/);
    expect(bad.body.data.fields[0].field).toBe('from');
  });
});
