import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, admin, auth } from '@tender/contracts';
import { exportedUserCount, exportedUsers } from '../src/modules/users/service.js';
import { startTestApp, type TestApp } from './support/app.js';
import { userWithPowers } from './support/powers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `user${Math.random().toString(36).slice(2, 8)}`,
  password: 'Tender2026x',
  realName: '测试用户',
  roleId: 2,
  phone: '13912345678',
  email: 'u@example.cn',
  ...overrides,
});

describe('user management', () => {
  it('lists users in pages with filters, never with a password hash', async () => {
    const page = await t.call(admin.listAdmin, { pageNum: 1, pageSize: 2 }, token);
    // admin, manager, bidder1…4, finance and expert1…7.
    expect(page.body.data).toMatchObject({ total: 14, pageNum: 1, pageSize: 2 });
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.list[0]).not.toHaveProperty('total');
    // The last page, and a page past the end, still tell the total.
    const last = await t.call(admin.listAdmin, { pageNum: 7, pageSize: 2 }, token);
    expect(last.body.data).toMatchObject({ total: 14 });
    expect(last.body.data.list).toHaveLength(2);
    const past = await t.call(admin.listAdmin, { pageNum: 9, pageSize: 2 }, token);
    expect(past.body.data).toMatchObject({ total: 14, list: [] });
    const none = await t.call(admin.listAdmin, { username: 'nobody-at-all' }, token);
    expect(none.body.data).toMatchObject({ total: 0, list: [] });
    const bidders = await t.call(admin.listAdmin, { roleId: 3, status: 'enabled' }, token);
    expect(bidders.body.data.list.map((u: { username: string }) => u.username)).toEqual([
      'bidder1',
      'bidder2',
      'bidder3',
      'bidder4',
    ]);
    expect(bidders.body.data.total).toBe(4);
    expect(bidders.body.data.list[0].supplierName).toBe('华能电气设备有限公司');
    const byName = await t.call(admin.listAdmin, { realName: '采购' }, token);
    expect(byName.body.data.list.map((u: { username: string }) => u.username)).toEqual(['manager']);
    expect(JSON.stringify(page.body)).not.toMatch(/passwordHash|argon2|tokenVersion/);
  });

  it('creates a user who can then log in, and refuses the same username in another case', async () => {
    const input = newUser({ username: 'Buyer01' });
    const created = await t.call(admin.insertAdmin, input, token);
    expect(created.body.code).toBe(0);
    expect(await t.login('buyer01', 'Tender2026x')).toBeTruthy();
    const again = await t.call(admin.insertAdmin, newUser({ username: 'BUYER01' }), token);
    expect(again.status).toBe(409);
    expect(again.body.errorMsg).toContain('已存在');
    expect(again.body.data.fields).toEqual([
      { field: 'username', message: '用户名 BUYER01 已存在' },
    ]);
  });

  it('names each missing or invalid field', async () => {
    for (const field of ['username', 'password', 'realName', 'roleId']) {
      const input = newUser();
      delete (input as Record<string, unknown>)[field];
      const reply = await t.call(admin.insertAdmin, input, token);
      expect(reply.body.code, field).toBe(400);
      expect(reply.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const weak = await t.call(admin.insertAdmin, newUser({ password: 'abcdefgh' }), token);
    expect(weak.body.errorMsg).toContain('密码必须包含数字');
    const phone = await t.call(admin.insertAdmin, newUser({ phone: '12345' }), token);
    expect(phone.body.errorMsg).toBe('电话号码格式不正确（手机号或带区号的固定电话）');
    expect(phone.body.data.fields).toEqual([
      { field: 'phone', message: '电话号码格式不正确（手机号或带区号的固定电话）' },
    ]);
    const role404 = await t.call(admin.insertAdmin, newUser({ roleId: 999 }), token);
    expect(role404.body.errorMsg).toBe('角色 999 不存在');
    expect(role404.body.data.fields).toEqual([{ field: 'roleId', message: '角色 999 不存在' }]);
  });

  it('requires a supplier for a bidder account and refuses one for other roles', async () => {
    const bidder = await t.call(admin.insertAdmin, newUser({ roleId: 3 }), token);
    expect(bidder.body.errorMsg).toBe('投标人账号必须关联供应商');
    expect(bidder.body.data.fields[0].field).toBe('supplierId');
    const manager = await t.call(admin.insertAdmin, newUser({ roleId: 2, supplierId: 1 }), token);
    expect(manager.body.errorMsg).toBe('只有投标人账号可以关联供应商');
    expect(manager.body.data.fields[0].field).toBe('supplierId');
    const ok = await t.call(admin.insertAdmin, newUser({ roleId: 3, supplierId: 1 }), token);
    expect(ok.body.code).toBe(0);
  });

  it('refuses fields a client may not set, such as a password hash or token version, naming them', async () => {
    const input = {
      ...newUser({ username: 'massassign' }),
      passwordHash: 'x',
      tokenVersion: 99,
      userid: 1,
    };
    const refused = await t.call(admin.insertAdmin, input, token);
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'passwordHash',
      'tokenVersion',
      'userid',
    ]);
    const created = await t.call(admin.insertAdmin, newUser({ username: 'massassign' }), token);
    expect(await t.login('massassign', 'Tender2026x')).toBeTruthy();
    const update = await t.call(
      admin.updateAdmin,
      { userid: created.body.data.userid, passwordHash: 'y', realName: '改名' },
      token,
    );
    expect(update.status).toBe(400);
    expect(update.body.errorMsg).toBe('不允许的字段「passwordHash」（接口不接受此参数）');
    expect(update.body.data.fields).toEqual([
      { field: 'passwordHash', message: '不允许的字段「passwordHash」（接口不接受此参数）' },
    ]);
    expect(await t.login('massassign', 'Tender2026x')).toBeTruthy();
  });

  it('edits a user, answers 404 for an unknown one', async () => {
    const { body } = await t.call(admin.insertAdmin, newUser(), token);
    const userid = body.data.userid;
    expect(
      (await t.call(admin.updateAdmin, { userid, realName: '新名字', email: '' }, token)).body.code,
    ).toBe(0);
    const detail = await t.call(admin.getAdminInfoByUserId, { userid }, token);
    expect(detail.body.data).toMatchObject({
      realName: '新名字',
      email: null,
      phone: '13912345678',
    });
    expect((await t.call(admin.getAdminInfoByUserId, { userid: 9999 }, token)).status).toBe(404);
    expect((await t.call(admin.updateAdmin, { userid: 9999, realName: 'x' }, token)).status).toBe(
      404,
    );
    expect((await t.call(admin.deleteAdmin, { userid: 9999 }, token)).status).toBe(404);
  });

  it('deletes a user after which the account cannot log in', async () => {
    const { body } = await t.call(admin.insertAdmin, newUser({ username: 'tobedeleted' }), token);
    const userToken = await t.login('tobedeleted', 'Tender2026x');
    expect((await t.call(admin.deleteAdmin, { userid: body.data.userid }, token)).body.code).toBe(
      0,
    );
    expect((await t.call(auth.listMenuByUser, {}, userToken)).body.code).toBe(503);
    expect(
      (await t.call(auth.login, { username: 'tobedeleted', password: 'Tender2026x' })).body.code,
    ).toBe(400);
  });

  it('keeps an expert’s account (its profile and seats are evidence): 409, and it still logs in', async () => {
    const list = await t.call(admin.listAdmin, { username: 'expert1' }, token);
    const expert = list.body.data.list.find((u: { username: string }) => u.username === 'expert1');
    const reply = await t.call(admin.deleteAdmin, { userid: expert.userid }, token);
    expect(reply.status).toBe(409);
    expect(reply.body.errorMsg).toContain('可停用该账号');
    expect(await t.login('expert1')).toBeTruthy();
  });

  it('does not let an administrator delete or disable themselves, or change their own role', async () => {
    expect((await t.call(admin.deleteAdmin, { userid: 1 }, token)).body).toMatchObject({
      code: 409,
      errorMsg: '不能删除自己的账号',
    });
    expect(
      (await t.call(admin.updateAdmin, { userid: 1, status: 'disabled' }, token)).body.errorMsg,
    ).toBe('不能停用自己的账号');
    expect((await t.call(admin.updateAdmin, { userid: 1, roleId: 2 }, token)).body.errorMsg).toBe(
      '不能修改自己的角色',
    );
  });

  it('does not let a user editor who is not admin disable, demote, delete or rename an admin', async () => {
    const { token: editor } = await userWithPowers(t, token, 'editor', '用户维护员', [
      'menu:administrator',
      'user:edit',
      'user:delete',
    ]);
    // Only admins manage admins; among admins the last enabled one is kept (see security.test.ts
    // for two admins disabling each other at once).
    for (const change of [{ status: 'disabled' }, { roleId: 2 }, { realName: '改名' }]) {
      const reply = await t.call(admin.updateAdmin, { userid: 1, ...change }, editor);
      expect(reply.status).toBe(403);
    }
    expect((await t.call(admin.deleteAdmin, { userid: 1 }, editor)).status).toBe(403);
    // Without the export button power, the export is refused.
    expect((await t.call(admin.exportAdmin, {}, editor)).status).toBe(403);
  });

  it('exports the filtered list as an .xlsx workbook', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${admin.exportAdmin.path}`,
      query: { roleId: '3' },
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('用户列表')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('用户名');
    const usernames = sheet.getColumn(2).values.slice(2);
    expect(usernames).toEqual(expect.arrayContaining(['bidder1', 'bidder2', 'bidder3', 'bidder4']));
    expect(usernames).not.toContain('admin');
    // 创建时间 as people read times: Beijing, to the minute.
    expect(sheet.getRow(1).getCell(10).value).toBe('创建时间');
    expect(sheet.getRow(2).getCell(10).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('reads the export in batches, each user once, in id order', async () => {
    const list = await t.call(admin.listAdmin, { pageSize: 100 }, token);
    const ids = list.body.data.list.map((u: { userid: number }) => u.userid);
    expect(ids.length).toBeGreaterThan(6);
    const exported: number[] = [];
    for await (const rows of exportedUsers(t.app.deps, {}, 3))
      exported.push(...rows.map((u) => u.userid));
    expect(exported).toEqual([...ids].sort((a, b) => a - b));
    expect(await exportedUserCount(t.app.deps, { roleId: 3 })).toBe(
      (await t.call(admin.listAdmin, { roleId: 3 }, token)).body.data.total,
    );
  });
});

describe('own profile', () => {
  it('shows a bidder its company and lets it change realName, phone and email only', async () => {
    const bidder = await t.login('bidder2');
    const mine = await t.call(admin.getMyInfo, {}, bidder);
    expect(mine.body.data).toMatchObject({
      username: 'bidder2',
      roleName: 'bidder',
      supplier: { companyName: '江南电缆集团股份有限公司', status: 'approved' },
    });
    const update = await t.call(
      admin.updateMyInfo,
      { realName: '周婷婷', phone: '13700000000', email: 'zt@example.cn' },
      bidder,
    );
    expect(update.body.code).toBe(0);
    expect((await t.call(admin.getMyInfo, {}, bidder)).body.data.realName).toBe('周婷婷');
  });

  it('refuses role, status or username in update-my-info and changes nothing', async () => {
    const bidder = await t.login('bidder3');
    for (const extra of [
      { roleId: 1 },
      { status: 'disabled' },
      { username: 'boss' },
      { passwordHash: 'x' },
    ]) {
      const reply = await t.call(admin.updateMyInfo, { realName: '黄磊', ...extra }, bidder);
      expect(reply.body.code).toBe(400);
      expect(reply.body.errorMsg).toContain('不允许的字段');
    }
    const mine = (await t.call(admin.getMyInfo, {}, bidder)).body.data;
    expect(mine).toMatchObject({ roleName: 'bidder', status: 'enabled', username: 'bidder3' });
  });
});
