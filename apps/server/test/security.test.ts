import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API_BASE,
  admin,
  apiInterface,
  audit,
  auth,
  dictionary,
  power,
  publicApi,
  role,
} from '@tender/contracts';
import { DEMO_PASSWORDS, startTestApp, type TestApp } from './support/app.js';
import { powerIds, userWithPowers } from './support/powers.js';

/** Security review of the landed base (issue 17): each finding with the test that catches it. */
let t: TestApp;
let adminToken: string;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
    beforeReady: (app) => {
      app.get(`${API_BASE}/test/failing-query`, async () => {
        await app.deps.db.execute(sql`select ${'$argon2id$v=19$secret-hash'}::int`);
        return 'unreachable';
      });
    },
  });
  adminToken = await t.login('admin');
});
afterAll(() => t.close());

const fieldsOf = (reply: { body: { data?: { fields?: { field: string }[] } } }) =>
  (reply.body.data?.fields ?? []).map((f) => f.field);
const adminUserid = 1;
const roleIdNamed = async (name: string) => {
  const list = await t.call(role.listRole, { roleName: name, pageSize: 100 }, adminToken);
  return list.body.data.list.find((r: { roleName: string }) => r.roleName === name).roleId;
};

describe('delegated powers never make an administrator', () => {
  it('a role holding only user:add cannot create an admin, nor a user of any role with powers it lacks', async () => {
    const { token } = await userWithPowers(t, adminToken, 'adder', '仅新增用户', [
      'menu:administrator',
      'user:add',
    ]);
    const adminRole = await roleIdNamed('admin');
    const asAdmin = await t.call(
      admin.insertAdmin,
      { username: 'evil1', password: 'Tender2026x', realName: '冒充', roleId: adminRole },
      token,
    );
    expect(asAdmin.status).toBe(403);
    const managerRole = await roleIdNamed('tender_manager');
    expect(
      (
        await t.call(
          admin.insertAdmin,
          { username: 'evil2', password: 'Tender2026x', realName: '冒充', roleId: managerRole },
          token,
        )
      ).status,
    ).toBe(403);
    // A role whose powers the caller holds is fine.
    const weak = await t.call(role.insertRole, { roleName: '只看用户' }, adminToken);
    const ok = await t.call(
      admin.insertAdmin,
      {
        username: 'weakling',
        password: 'Tender2026x',
        realName: '普通',
        roleId: weak.body.data.roleId,
      },
      token,
    );
    expect(ok.body.code).toBe(0);
  });

  it('a role holding only user:reset-password cannot reset the admin’s password', async () => {
    const { token } = await userWithPowers(t, adminToken, 'resetter', '仅重置密码', [
      'menu:administrator',
      'user:reset-password',
    ]);
    const reply = await t.call(
      admin.updateAdminPasswordById,
      { userid: adminUserid, password: 'Hijack2026x' },
      token,
    );
    expect(reply.status).toBe(403);
    expect(await t.login('admin')).toBeTruthy();
  });

  it('a role holding only user:edit or user:delete cannot touch an admin account', async () => {
    const { token } = await userWithPowers(t, adminToken, 'editor', '仅改删用户', [
      'menu:administrator',
      'user:edit',
      'user:delete',
    ]);
    const disable = await t.call(
      admin.updateAdmin,
      { userid: adminUserid, status: 'disabled' },
      token,
    );
    expect(disable.status).toBe(403);
    expect((await t.call(admin.deleteAdmin, { userid: adminUserid }, token)).status).toBe(403);
    const me = await t.call(admin.getMyInfo, {}, token);
    expect(
      (
        await t.call(
          admin.updateAdmin,
          { userid: me.body.data.userid, roleId: await roleIdNamed('admin') },
          token,
        )
      ).status,
    ).toBe(403);
  });

  it('a role holding only role:edit cannot grant its own role, or another, powers it lacks', async () => {
    const { token, roleId } = await userWithPowers(t, adminToken, 'roleeditor', '仅改角色', [
      'menu:role',
      'role:edit',
      'role:add',
    ]);
    const everything = await powerIds(t, adminToken, ['menu:administrator', 'user:add']);
    const own = await t.call(role.updateRole, { roleId, powerIds: everything }, token);
    expect(own.status).toBe(403);
    const created = await t.call(
      role.insertRole,
      { roleName: '新角色', powerIds: everything },
      token,
    );
    expect(created.status).toBe(403);
    const other = await t.call(role.insertRole, { roleName: '空角色' }, adminToken);
    const widened = await t.call(
      role.updateRole,
      { roleId: other.body.data.roleId, powerIds: everything },
      token,
    );
    expect(widened.status).toBe(403);
    const held = await powerIds(t, adminToken, ['menu:role']);
    expect(
      (await t.call(role.updateRole, { roleId: other.body.data.roleId, powerIds: held }, token))
        .body.code,
    ).toBe(0);
    const adminRole = await roleIdNamed('admin');
    expect(
      (await t.call(role.updateRole, { roleId: adminRole, description: 'x' }, token)).status,
    ).toBe(403);
  });

  it('a role holding only interface:edit cannot open or rebind an interface, and nobody opens an admin one', async () => {
    const { token } = await userWithPowers(t, adminToken, 'ifeditor', '仅改接口', [
      'menu:interface',
      'interface:edit',
    ]);
    const found = await t.call(
      apiInterface.listInterface,
      { keyword: admin.updateAdminPasswordById.path },
      adminToken,
    );
    const resetRoute = found.body.data.list[0];
    const opened = await t.call(
      apiInterface.updateInterface,
      { id: resetRoute.id, open: true },
      token,
    );
    expect(opened.status).toBe(403);
    const rebound = await t.call(
      apiInterface.updateInterface,
      { id: resetRoute.id, powerId: null },
      token,
    );
    expect(rebound.status).toBe(403);
    const byAdmin = await t.call(
      apiInterface.updateInterface,
      { id: resetRoute.id, open: true },
      adminToken,
    );
    expect(byAdmin.status).toBe(400);
    expect(fieldsOf(byAdmin)).toEqual(['open']);
    // The bidder still cannot reset the admin's password.
    const bidder = await t.login('bidder1');
    expect(
      (
        await t.call(
          admin.updateAdminPasswordById,
          { userid: adminUserid, password: 'Hijack2026x' },
          bidder,
        )
      ).status,
    ).toBe(403);
    // Renaming is still allowed with that power.
    expect(
      (await t.call(apiInterface.updateInterface, { id: resetRoute.id, name: '重置密码' }, token))
        .body.code,
    ).toBe(0);
  });
});

describe('the query string is validated, never merged into the body', () => {
  it('refuses unknown query parameters on POST routes, naming them', async () => {
    const bidder = await t.login('bidder2');
    const reply = await t.raw({
      method: 'POST',
      url: `${API_BASE}${admin.updateMyInfo.path}?email=%3Cimg%20src%3Dx%3E`,
      headers: { authorization: bidder },
      payload: { realName: '张三' },
    });
    expect(reply.status).toBe(400);
    expect(fieldsOf(reply)).toEqual(['email']);
    const info = await t.call(admin.getMyInfo, {}, bidder);
    expect(info.body.data.email).not.toContain('<img');
  });

  it('cannot lift built-in protection, pick a primary key or store a javascript: url through the query', async () => {
    const post = (path: string, query: string, payload: object) =>
      t.raw({
        method: 'POST',
        url: `${API_BASE}${path}?${query}`,
        headers: { authorization: adminToken },
        payload,
      });
    expect(
      (await post(role.updateRole.path, 'builtIn=false', { roleId: 3, description: 'x' })).status,
    ).toBe(400);
    const inserted = await post(apiInterface.insertInterface.path, 'id=9999', {
      name: 'x',
      method: 'GET',
      url: '/x/y',
    });
    expect(inserted.status).toBe(400);
    expect(fieldsOf(inserted)).toEqual(['id']);
    expect(
      (
        await t.call(
          apiInterface.insertInterface,
          { id: 9999, name: 'x', method: 'GET', url: '/x/z' },
          adminToken,
        )
      ).status,
    ).toBe(400);
    const [someMenu] = await powerIds(t, adminToken, ['menu:bidding']);
    expect(
      (await post(power.updatePower.path, 'powerUrl=javascript:alert(1)', { id: someMenu })).status,
    ).toBe(400);
    expect(
      (
        await t.call(
          power.updatePower,
          { id: someMenu, powerUrl: 'javascript:alert(1)' },
          adminToken,
        )
      ).status,
    ).toBe(400);
  });

  it('answers 400, never 500, to out-of-range, malformed, repeated and prototype-polluting parameters', async () => {
    const cases = [
      { method: 'POST', url: `${apiInterface.listInterface.path}?pageNum=0`, payload: {} },
      { method: 'POST', url: `${apiInterface.listInterface.path}?powerId=abc`, payload: {} },
      { method: 'POST', url: apiInterface.listInterface.path, payload: { powerId: 'abc' } },
      { method: 'GET', url: `${admin.listAdmin.path}?pageNum=1&pageNum=2` },
      { method: 'GET', url: `${admin.listAdmin.path}?__proto__[x]=1` },
      { method: 'GET', url: `${admin.listAdmin.path}?pageNum=1e300` },
      { method: 'GET', url: `${admin.getAdminInfoByUserId.path}?userid=2147483648` },
      { method: 'GET', url: `${admin.getAdminInfoByUserId.path}?userid=99999999999999999999` },
      { method: 'GET', url: `${audit.listAuditLog.path}?from=2026-02-30` },
      { method: 'GET', url: `${audit.listAuditLog.path}?from=%2B275760-09-13T00:00:00Z` },
      { method: 'GET', url: `${audit.listAuditLog.path}?to=0000-01-01` },
      {
        method: 'POST',
        url: role.insertRole.path,
        payload: '{"roleName":"x","__proto__":{"admin":true}}',
      },
    ] as const;
    for (const c of cases) {
      const reply = await t.raw({
        method: c.method,
        url: `${API_BASE}${c.url}`,
        headers: {
          authorization: adminToken,
          ...('payload' in c ? { 'content-type': 'application/json' } : {}),
        },
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(reply.status, `${c.method} ${c.url}`).toBe(400);
      expect(reply.body.code, `${c.method} ${c.url}`).toBe(400);
    }
  });

  it('names the id and the rule it breaks: empty, not a number, not whole, not positive, too large', async () => {
    const cases: [string, RegExp][] = [
      ['', /^用户不能为空$/],
      ['%20', /^用户不能为空$/],
      ['abc', /^用户 ID 必须是数字$/],
      ['1.5', /^用户 ID 必须是整数$/],
      ['0', /^用户 ID 必须大于 0$/],
      ['-3', /^用户 ID 必须大于 0$/],
      ['2147483648', /^用户 ID 超出范围$/],
    ];
    for (const [value, message] of cases) {
      const reply = await t.raw({
        method: 'GET',
        url: `${API_BASE}${admin.getAdminInfoByUserId.path}?userid=${value}`,
        headers: { authorization: adminToken },
      });
      expect(reply.status, value).toBe(400);
      expect(reply.body.errorMsg, value).toMatch(message);
      expect(reply.body.data.fields[0].field, value).toBe('userid');
    }
    const missing = await t.raw({
      method: 'GET',
      url: `${API_BASE}${admin.getAdminInfoByUserId.path}`,
      headers: { authorization: adminToken },
    });
    expect(missing.body.errorMsg).toBe('用户不能为空');
    expect(missing.body.data.fields[0].field).toBe('userid');
  });

  it('refuses a NUL or another control character in any text, on every route, naming the field', async () => {
    const typeCode = await t.call(
      dictionary.listDictItem,
      { typeCode: 'equip\u0000ment' },
      adminToken,
    );
    expect(typeCode.status).toBe(400);
    expect(fieldsOf(typeCode)).toEqual(['typeCode']);
    const realName = await t.call(
      admin.insertAdmin,
      { username: 'nul1', password: 'Tender2026x', realName: 'a\u0000b', roleId: 2 },
      adminToken,
    );
    expect(realName.status).toBe(400);
    expect(fieldsOf(realName)).toContain('realName');
    const publicCall = await t.call(publicApi.listDictItemsPublic, { typeCode: 'a\u0007' });
    expect(publicCall.status).toBe(400);
    // Found by the fuzz test: a body nested 5,000 arrays deep overflowed the check's stack (500).
    for (const payload of [
      '['.repeat(5000) + ']'.repeat(5000),
      '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
    ]) {
      const deep = await t.raw({
        method: 'POST',
        url: `${API_BASE}${role.insertRole.path}`,
        payload,
        headers: { authorization: adminToken, 'content-type': 'application/json' },
      });
      expect(deep.status).toBe(400);
      expect(deep.body.errorMsg).toContain('嵌套层级');
      expect(fieldsOf(deep)).toEqual([payload.startsWith('[') ? 'body' : 'a']);
    }
    // An empty key is refused by a visible name, not by an empty one.
    const emptyKey = await t.call(role.listRole, { '': '1' }, adminToken);
    expect(emptyKey.status).toBe(400);
    expect(fieldsOf(emptyKey)).toEqual(['(空字段名)']);
    // Line breaks and tabs are text, not control characters.
    expect(
      (
        await t.call(
          role.insertRole,
          { roleName: '多行', description: '第一行\n第二行\t缩进' },
          adminToken,
        )
      ).body.code,
    ).toBe(0);
  });
});

describe('log-in lock-out', () => {
  it('counts simultaneous wrong passwords atomically: 40 at once plus the right one leave the key locked', async () => {
    const attempts = [
      ...Array.from({ length: 40 }, () => ({ username: 'manager', password: 'Wrong-pass-1' })),
      { username: 'manager', password: DEMO_PASSWORDS.manager },
    ];
    const replies = await Promise.all(attempts.map((a) => t.call(auth.login, a)));
    const wrongAccepted = replies.slice(0, 40).filter((r) => r.body.code === 0);
    expect(wrongAccepted).toEqual([]);
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(35);
    const after = await t.call(auth.login, {
      username: 'manager',
      password: DEMO_PASSWORDS.manager,
    });
    expect(after.status).toBe(429);
  });

  it('locks the username for the guessing address only: the owner elsewhere still logs in', async () => {
    const from = (remoteAddress: string, password: string) =>
      t.raw({
        method: 'POST',
        url: `${API_BASE}${auth.login.path}`,
        payload: { username: 'bidder3', password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) await from('10.0.0.66', 'Wrong-pass-1');
    expect((await from('10.0.0.66', DEMO_PASSWORDS.bidder)).status).toBe(429);
    expect((await from('10.0.0.7', DEMO_PASSWORDS.bidder)).body.code).toBe(0);
  });

  it('locks unknown usernames alike, so the lock does not reveal which accounts exist', async () => {
    const replies = [];
    for (let i = 0; i < 6; i++)
      replies.push(
        await t.call(auth.login, { username: 'no-such-user', password: 'Wrong-pass-1' }),
      );
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('records every failed log-in in the audit log, without the password', async () => {
    await t.call(auth.login, { username: 'bidder2', password: 'Guess-pass-77' });
    const entries = await t.call(
      audit.listAuditLog,
      { action: '登录失败', pageSize: 100 },
      adminToken,
    );
    const mine = entries.body.data.list.filter(
      (e: { username: string }) => e.username === 'bidder2',
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries.body.data)).not.toContain('Guess-pass-77');
  });

  it('throttles wrong old passwords in update-admin-password', async () => {
    const { token } = await userWithPowers(t, adminToken, 'pwtester', '改密测试', []);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const reply = await t.call(
        auth.updateAdminPassword,
        { oldPassword: 'Wrong-old-1', password: 'Another2026x' },
        token,
      );
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('passwords that are easy to guess', () => {
  it('refuses a password containing the username or on the common-password list, naming password', async () => {
    const withName = await t.call(
      admin.insertAdmin,
      { username: 'zhangwei', password: 'Zhangwei2026', realName: '张伟', roleId: 2 },
      adminToken,
    );
    expect(withName.status).toBe(400);
    expect(withName.body.errorMsg).toBe('密码不能包含用户名');
    expect(withName.body.data.fields[0].field).toBe('password');
    const common = await t.call(
      admin.insertAdmin,
      { username: 'liwei', password: 'Password123', realName: '李伟', roleId: 2 },
      adminToken,
    );
    expect(common.status).toBe(400);
    expect(common.body.errorMsg).toBe('密码过于常见，容易被猜中，请换一个');
    expect(common.body.data.fields[0].field).toBe('password');
    const reset = await t.call(
      admin.updateAdminPasswordById,
      { userid: 2, password: 'Admin@123' },
      adminToken,
    );
    expect(reset.status).toBe(400);
  });
});

describe('the last enabled admin', () => {
  it('survives two admins disabling each other at the same moment', async () => {
    const adminRole = await roleIdNamed('admin');
    const second = await t.call(
      admin.insertAdmin,
      { username: 'admin2', password: 'Tender2026x', realName: '第二管理员', roleId: adminRole },
      adminToken,
    );
    const admin2 = await t.login('admin2', 'Tender2026x');
    const replies = await Promise.all([
      t.call(
        admin.updateAdmin,
        { userid: second.body.data.userid, status: 'disabled' },
        adminToken,
      ),
      t.call(admin.updateAdmin, { userid: adminUserid, status: 'disabled' }, admin2),
    ]);
    // One wins; the other is refused as the last admin (409) or, when the winner's change
    // landed first, finds its own token revoked (503).
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 409 || code === 503)).toHaveLength(1);
    const adminWon = replies[0]!.body.code === 0;
    const survivor = adminWon ? adminToken : admin2;
    const enabledAdmins = await t.call(
      admin.listAdmin,
      { roleId: adminRole, status: 'enabled', pageSize: 100 },
      survivor,
    );
    expect(enabledAdmins.body.data.total).toBe(1);
    // Put things back for the tests that follow: admin enabled, with a fresh token.
    if (!adminWon) {
      await t.call(admin.updateAdmin, { userid: adminUserid, status: 'enabled' }, survivor);
      adminToken = await t.login('admin');
    }
  });
});

describe('audit of refusals and exports', () => {
  it('records a 403 refusal and an export of the user list', async () => {
    const bidder = await t.login('bidder1');
    expect((await t.call(admin.listAdmin, {}, bidder)).status).toBe(403);
    await t.raw({
      method: 'GET',
      url: `${API_BASE}${admin.exportAdmin.path}?status=enabled`,
      headers: { authorization: adminToken },
    });
    const refused = await t.call(
      audit.listAuditLog,
      { action: '拒绝访问', pageSize: 100 },
      adminToken,
    );
    expect(
      refused.body.data.list.some(
        (e: { username: string; url: string }) =>
          e.username === 'bidder1' && e.url === admin.listAdmin.path,
      ),
    ).toBe(true);
    const exported = await t.call(
      audit.listAuditLog,
      { action: admin.exportAdmin.summary, pageSize: 100 },
      adminToken,
    );
    expect(exported.body.data.list[0].after).toMatchObject({ filters: { status: 'enabled' } });
  });
});

describe('caching and logs', () => {
  it('marks answers carrying a token or personal data no-store, and leaves public ones cacheable', async () => {
    const login = await t.call(auth.login, { username: 'admin', password: DEMO_PASSWORDS.admin });
    expect(login.headers['cache-control']).toBe('no-store');
    const info = await t.call(admin.getMyInfo, {}, adminToken);
    expect(info.headers['cache-control']).toBe('no-store');
    const system = await t.call(publicApi.systemInfo);
    expect(system.headers['cache-control']).toBeUndefined();
  });

  it('logs a failed query without its parameters', async () => {
    const reply = await t.raw({ method: 'GET', url: `${API_BASE}/test/failing-query` });
    expect(reply.status).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('database query failed');
    expect(log).not.toContain('secret-hash');
  });

  it('redacts percent-encoded secret names in the logged URL', async () => {
    await t.raw({
      method: 'POST',
      url: `${API_BASE}${auth.login.path}?username=x&pass%77ord=TopSecret9&%74oken=TokenSecret`,
    });
    const log = logLines.join('');
    expect(log).not.toContain('TopSecret9');
    expect(log).not.toContain('TokenSecret');
  });
});

describe('power icons', () => {
  it('accepts only the icon names the sidebar can draw', async () => {
    const reply = await t.call(
      power.insertPower,
      { type: 'group', superior: 0, title: '坏图标', icon: 'hasOwnProperty' },
      adminToken,
    );
    expect(reply.status).toBe(400);
    expect(fieldsOf(reply)).toEqual(['icon']);
    expect(
      (
        await t.call(
          power.insertPower,
          { type: 'group', superior: 0, title: '好图标', icon: 'BankOutlined', powerUrl: '/good' },
          adminToken,
        )
      ).body,
    ).toMatchObject({ code: 0 });
  });
});

describe('configuration', () => {
  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const forwarded = (app: TestApp) =>
      app.raw({
        method: 'POST',
        url: `${API_BASE}${auth.login.path}`,
        payload: { username: 'nobody-xff', password: 'Wrong-pass-1' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '10.1.2.3',
      });
    const ipOfLastFailure = async (app: TestApp) => {
      const token = await app.login('admin');
      const list = await app.call(audit.listAuditLog, { action: '登录失败' }, token);
      return list.body.data.list.find((e: { username: string }) => e.username === 'nobody-xff').ip;
    };
    await forwarded(t);
    expect(await ipOfLastFailure(t)).toBe('10.1.2.3');
    const behindProxy = await startTestApp({ config: { trustProxy: ['10.1.2.3'] } });
    try {
      await forwarded(behindProxy);
      expect(await ipOfLastFailure(behindProxy)).toBe('203.0.113.9');
    } finally {
      await behindProxy.close();
    }
  });

  it('serves the API reference only when API_DOCS is on (off by default in production)', async () => {
    const docsOn = await t.raw({ method: 'GET', url: `${API_BASE}/docs/json` });
    expect(docsOn.status).toBe(200);
    const quiet = await startTestApp({ config: { apiDocs: false } });
    try {
      expect((await quiet.raw({ method: 'GET', url: `${API_BASE}/docs/json` })).status).toBe(404);
    } finally {
      await quiet.close();
    }
  });
});
