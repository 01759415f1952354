import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, apiInterface, auth, power, role } from '@tender/contracts';
import { startTestApp, type TestApp } from './support/app.js';
import { allPowers, powerIds, userWithPowers } from './support/powers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

describe('roles', () => {
  it('creates a role with powers, shows them in detail, and counts its users', async () => {
    const ids = await powerIds(t, token, ['group:bid', 'menu:tenderMsg']);
    const created = await t.call(
      role.insertRole,
      { roleName: '只看招标', description: '测试', powerIds: ids },
      token,
    );
    expect(created.body.code).toBe(0);
    const detail = await t.call(
      role.getRoleInfoByRoleId,
      { roleId: created.body.data.roleId },
      token,
    );
    expect(detail.body.data).toMatchObject({
      roleName: '只看招标',
      builtIn: false,
      userCount: 0,
      powerIds: ids.sort((a, b) => a - b),
    });
    const list = await t.call(role.listRole, { roleName: 'bidder' }, token);
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ roleName: 'bidder', userCount: 4, builtIn: true }),
    ]);
  });

  it('keeps role names unique and refuses unknown powers', async () => {
    expect((await t.call(role.insertRole, { roleName: 'bidder' }, token)).body).toMatchObject({
      code: 409,
      errorMsg: '角色名称 bidder 已存在',
      data: { fields: [{ field: 'roleName', message: '角色名称 bidder 已存在' }] },
    });
    const unknownPower = await t.call(
      role.insertRole,
      { roleName: '新角色', powerIds: [99999] },
      token,
    );
    expect(unknownPower.body.errorMsg).toBe('权限不存在：99999');
    expect(unknownPower.body.data.fields[0].field).toBe('powerIds');
    const unnamed = await t.call(role.insertRole, { powerIds: [] }, token);
    expect(unnamed.body.errorMsg).toBe('角色名称不能为空');
    expect(unnamed.body.data.fields[0].field).toBe('roleName');
  });

  it('refuses to delete a role while users hold it, and a built-in role at all', async () => {
    const created = await t.call(role.insertRole, { roleName: '临时角色' }, token);
    const roleId = created.body.data.roleId;
    await t.call(
      admin.insertAdmin,
      { username: 'temp1', password: 'Tender2026x', realName: '临时', roleId },
      token,
    );
    const refused = await t.call(role.deleteRole, { roleId }, token);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMsg).toBe('仍有 1 个用户使用角色 临时角色，不能删除');
    expect((await t.call(role.deleteRole, { roleId: 3 }, token)).body.errorMsg).toBe(
      '内置角色 bidder 不能删除',
    );
    expect(
      (await t.call(role.updateRole, { roleId: 3, roleName: 'supplier' }, token)).body.errorMsg,
    ).toBe('内置角色 bidder 不能改名');
    expect((await t.call(role.deleteRole, { roleId: 9999 }, token)).status).toBe(404);
  });

  it('deletes an unused role', async () => {
    const created = await t.call(role.insertRole, { roleName: '用完即删' }, token);
    expect(
      (await t.call(role.deleteRole, { roleId: created.body.data.roleId }, token)).body.code,
    ).toBe(0);
    expect(
      (await t.call(role.getRoleInfoByRoleId, { roleId: created.body.data.roleId }, token)).status,
    ).toBe(404);
  });

  it('empties the menu of a disabled role', async () => {
    const { roleId, token: user } = await userWithPowers(t, token, 'disabledrole', '停用测试', [
      'group:personal',
      'menu:updateInfo',
    ]);
    expect((await t.call(auth.listMenuByUser, {}, user)).body.data.menuList).toHaveLength(1);
    await t.call(role.updateRole, { roleId, status: 'disabled' }, token);
    expect((await t.call(auth.listMenuByUser, {}, user)).body.data.menuList).toEqual([]);
  });
});

describe('powers', () => {
  it('answers the tree with groups, menus, hidden screens and buttons', async () => {
    const tree = (await t.call(power.listPower, {}, token)).body.data;
    expect(tree.map((g: { title: string }) => g.title)).toEqual([
      '招标投标',
      '招标管理',
      '评标',
      '保证金与合同',
      '公告',
      '系统管理',
      '权限管理',
      '个人中心',
    ]);
    const buttons = (await t.call(power.listPower, { type: 'button', keyword: '导出用户' }, token))
      .body.data;
    expect(buttons[0].children[0].children).toEqual([
      expect.objectContaining({ code: 'user:export', type: 'button' }),
    ]);
  });

  it('offers only valid parents for each type', async () => {
    const forGroup = (await t.call(power.getPowerSuperior, { type: 'group' }, token)).body.data;
    expect(forGroup).toEqual([{ id: 0, title: '顶级', type: 'root', superior: 0 }]);
    const forButton = (await t.call(power.getPowerSuperior, { type: 'button' }, token)).body.data;
    expect(new Set(forButton.map((p: { type: string }) => p.type))).toEqual(new Set(['menu']));
    const forMenu = (await t.call(power.getPowerSuperior, { type: 'menu' }, token)).body.data;
    expect(new Set(forMenu.map((p: { type: string }) => p.type))).toEqual(
      new Set(['group', 'menu']),
    );
    expect((await t.call(power.getPowerSuperior, { type: 'other' }, token)).body.code).toBe(400);
  });

  it('enforces the tree shape on insert and update', async () => {
    const [groupId, menuId] = await powerIds(t, token, ['group:system', 'menu:administrator']);
    const reply = (body: Record<string, unknown>) =>
      t.call(power.insertPower, body, token).then((r) => r.body);
    const orphan = await reply({ type: 'menu', superior: 0, title: '孤儿', powerUrl: '/orphan' });
    expect(orphan.errorMsg).toBe('菜单不能放在顶级，请选择上级权限');
    expect(orphan.data.fields[0].field).toBe('superior');
    const misplaced = await reply({
      type: 'button',
      superior: groupId,
      title: '按钮',
      code: 'x:y',
    });
    expect(misplaced.errorMsg).toBe('按钮不能放在分组下，请选择其他上级权限');
    expect(misplaced.data.fields[0].field).toBe('superior');
    // Each refusal in Chinese; the form finds the field by its API name in data.fields.
    const noCode = await reply({ type: 'button', superior: menuId, title: '按钮' });
    expect(noCode.errorMsg).toBe('按钮必须填写权限编码（如 user:export）');
    expect(noCode.data.fields[0].field).toBe('code');
    const noUrl = await reply({ type: 'menu', superior: groupId, title: '无路径' });
    expect(noUrl.errorMsg).toBe('分组和菜单必须填写路由路径');
    expect(noUrl.data.fields[0].field).toBe('powerUrl');
    expect(
      (await reply({ type: 'button', superior: menuId, title: '重复', code: 'user:add' })).code,
    ).toBe(409);
    expect(
      (await reply({ type: 'menu', superior: 9999, title: 'x', powerUrl: '/x' })).errorMsg,
    ).toBe('上级权限 9999 不存在');
    const created = await reply({
      type: 'menu',
      superior: groupId,
      title: '报表',
      powerUrl: '/report',
      icon: 'BarChartOutlined',
      sort: 9,
    });
    expect(created.code).toBe(0);
    const child = await reply({
      type: 'menu',
      superior: created.data.id,
      title: '报表详情',
      powerUrl: '/reportDetail',
      hidden: true,
    });
    const cycle = await t.call(
      power.updatePower,
      { id: created.data.id, superior: child.data.id },
      token,
    );
    expect(cycle.body.code).toBe(400);
    const retitle = await t.call(
      power.updatePower,
      { id: created.data.id, title: '统计报表' },
      token,
    );
    expect(retitle.body.code).toBe(0);
    expect(
      (await t.call(power.getPowerInfoById, { id: created.data.id }, token)).body.data,
    ).toMatchObject({ title: '统计报表', powerUrl: '/report', icon: 'BarChartOutlined', sort: 9 });
    expect(
      (await t.call(power.updatePower, { id: created.data.id, type: 'button', code: 'r:r' }, token))
        .body.code,
    ).toBe(400);
  });

  it('refuses to delete a power with children or with interfaces bound to it', async () => {
    const [groupId, menuId] = await powerIds(t, token, ['group:system', 'menu:administrator']);
    expect((await t.call(power.deletePower, { id: groupId }, token)).body.errorMsg).toMatch(
      /下还有 \d+ 个下级/,
    );
    const leaf = await t.call(
      power.insertPower,
      { type: 'button', superior: menuId, title: '打印', code: 'user:print' },
      token,
    );
    await t.call(
      apiInterface.insertInterface,
      { name: '打印用户', method: 'GET', url: '/api/x/print-user', powerId: leaf.body.data.id },
      token,
    );
    const refused = await t.call(power.deletePower, { id: leaf.body.data.id }, token);
    expect(refused.body).toMatchObject({
      code: 409,
      errorMsg: '仍有 1 个接口绑定权限「打印」，请先在接口管理中改绑',
    });
  });

  it('deletes a leaf power and takes it from every role', async () => {
    const [menuId] = await powerIds(t, token, ['menu:dictionary']);
    const leaf = await t.call(
      power.insertPower,
      { type: 'button', superior: menuId, title: '导入', code: 'dict:import' },
      token,
    );
    const holder = await t.call(
      role.insertRole,
      { roleName: '导入员', powerIds: [leaf.body.data.id] },
      token,
    );
    expect((await t.call(power.deletePower, { id: leaf.body.data.id }, token)).body.code).toBe(0);
    expect(
      (await t.call(role.getRoleInfoByRoleId, { roleId: holder.body.data.roleId }, token)).body.data
        .powerIds,
    ).toEqual([]);
    expect((await allPowers(t, token)).some((p) => p.code === 'dict:import')).toBe(false);
  });
});
