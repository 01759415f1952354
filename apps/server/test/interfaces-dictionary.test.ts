import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, apiInterface, dictionary, publicApi } from '@tender/contracts';
import { startTestApp, type TestApp } from './support/app.js';
import { powerIds, userWithPowers } from './support/powers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

const findInterface = async (url: string) =>
  (
    await t.call(apiInterface.listInterface, { keyword: url, pageSize: 100 }, token)
  ).body.data.list.find((i: { url: string }) => i.url === url);

describe('interfaces', () => {
  it('registers every route that needs a login at start-up, bound to its power', async () => {
    const listAdmin = await findInterface(admin.listAdmin.path);
    expect(listAdmin).toMatchObject({
      method: 'GET',
      builtIn: true,
      routed: true,
      open: false,
      powerTitle: '用户管理',
    });
    const myInfo = await findInterface(admin.getMyInfo.path);
    expect(myInfo).toMatchObject({ open: true, powerId: null });
    expect(await findInterface(publicApi.systemInfo.path)).toBeUndefined();
  });

  it('adds, edits and deletes an interface of its own, with unique method and path', async () => {
    const [menuId] = await powerIds(t, token, ['menu:dictionary']);
    const input = {
      name: '字典导出',
      method: 'GET',
      url: '/api/admin/dictionary-management/export',
      powerId: menuId,
      description: '预留',
    };
    const created = await t.call(apiInterface.insertInterface, input, token);
    expect(created.body.code).toBe(0);
    expect((await t.call(apiInterface.insertInterface, input, token)).body).toMatchObject({
      code: 409,
    });
    const noSlash = await t.call(
      apiInterface.insertInterface,
      { ...input, url: 'no-slash' },
      token,
    );
    expect(noSlash.body.errorMsg).toMatch(/^接口地址必须是以 \/ 开头的路径/);
    expect(noSlash.body.data.fields[0].field).toBe('url');
    const noPower = await t.call(
      apiInterface.insertInterface,
      { ...input, url: '/x', powerId: 9999 },
      token,
    );
    expect(noPower.body.errorMsg).toBe('权限 9999 不存在');
    expect(noPower.body.data.fields[0].field).toBe('powerId');
    const id = created.body.data.id;
    // Bound under 数据字典, an administration screen: it may never be opened to every user.
    const opened = await t.call(apiInterface.updateInterface, { id, open: true }, token);
    expect(opened.body.code).toBe(400);
    expect(opened.body.errorMsg).toBe('系统管理与权限管理的接口不能对所有用户开放');
    expect(opened.body.data.fields[0].field).toBe('open');
    const [tenderMenu] = await powerIds(t, token, ['menu:tender_list']);
    expect(
      (
        await t.call(
          apiInterface.updateInterface,
          { id, name: '导出字典', powerId: tenderMenu, open: true },
          token,
        )
      ).body.code,
    ).toBe(0);
    expect(
      (await t.call(apiInterface.getInterfaceInfoById, { id }, token)).body.data,
    ).toMatchObject({ name: '导出字典', open: true, routed: false, builtIn: false });
    // An update naming no field is a no-op, not a 500 (found by the fuzz test).
    expect((await t.call(apiInterface.updateInterface, { id }, token)).body.code).toBe(0);
    expect(
      (await t.call(apiInterface.getInterfaceInfoById, { id }, token)).body.data,
    ).toMatchObject({ name: '导出字典', open: true });
    expect((await t.call(apiInterface.deleteInterface, { id }, token)).body.code).toBe(0);
    expect((await t.call(apiInterface.getInterfaceInfoById, { id }, token)).status).toBe(404);
  });

  it('keeps the server’s own routes: their path cannot change and they cannot be deleted', async () => {
    const listAdmin = await findInterface(admin.listAdmin.path);
    expect(
      (await t.call(apiInterface.updateInterface, { id: listAdmin.id, url: '/api/other' }, token))
        .body.code,
    ).toBe(409);
    expect(
      (await t.call(apiInterface.deleteInterface, { id: listAdmin.id }, token)).body.code,
    ).toBe(409);
  });

  it('lets only admin call an interface bound to no power', async () => {
    const { token: viewerToken } = await userWithPowers(t, token, 'viewer', '用户查看', [
      'group:system',
      'menu:administrator',
    ]);
    expect((await t.call(admin.listAdmin, {}, viewerToken)).body.code).toBe(0);
    const listAdmin = await findInterface(admin.listAdmin.path);
    await t.call(apiInterface.updateInterface, { id: listAdmin.id, powerId: null }, token);
    expect((await t.call(admin.listAdmin, {}, viewerToken)).status).toBe(403);
    expect((await t.call(admin.listAdmin, {}, token)).body.code).toBe(0);
    const unbound = (await t.call(apiInterface.listInterface, { powerId: 0, pageSize: 100 }, token))
      .body.data.list;
    expect(unbound.map((i: { url: string }) => i.url)).toContain(admin.listAdmin.path);
    await t.call(
      apiInterface.updateInterface,
      { id: listAdmin.id, powerId: listAdmin.powerId },
      token,
    );
    expect((await t.call(admin.listAdmin, {}, viewerToken)).body.code).toBe(0);
  });
});

describe('data dictionary', () => {
  it('is seeded with the energy-equipment types', async () => {
    const types = (
      await t.call(dictionary.listDictType, { pageSize: 100 }, token)
    ).body.data.list.map((d: { code: string }) => d.code);
    expect(types).toEqual(
      expect.arrayContaining([
        'tender_category',
        'procurement_method',
        'region',
        'currency',
        'unit',
        'tender_status',
      ]),
    );
    const categories = (
      await t.call(publicApi.listDictItemsPublic, { typeCode: 'tender_category' })
    ).body.data;
    expect(categories.map((c: { label: string }) => c.label)).toContain('电力变压器');
  });

  it('manages types with unique codes, and refuses deleting one in use or with items', async () => {
    const created = await t.call(
      dictionary.insertDictType,
      { code: 'voltage_level', name: '电压等级' },
      token,
    );
    expect(created.body.code).toBe(0);
    const duplicate = await t.call(
      dictionary.insertDictType,
      { code: 'voltage_level', name: '重复' },
      token,
    );
    expect(duplicate.body).toMatchObject({ code: 409, data: { fields: [{ field: 'code' }] } });
    const badCode = await t.call(dictionary.insertDictType, { code: 'Bad Code', name: 'x' }, token);
    expect(badCode.body.errorMsg).toMatch(/^字典类型编码只能包含小写字母/);
    expect(badCode.body.data.fields[0].field).toBe('code');
    await t.call(
      dictionary.insertDictItem,
      { typeCode: 'voltage_level', label: '110kV', value: '110kv' },
      token,
    );
    expect(
      (await t.call(dictionary.deleteDictType, { id: created.body.data.id }, token)).body.errorMsg,
    ).toContain('请先删除字典项');
    const [seeded] = (await t.call(dictionary.listDictType, { keyword: 'tender_category' }, token))
      .body.data.list;
    expect((await t.call(dictionary.deleteDictType, { id: seeded.id }, token)).body.errorMsg).toBe(
      '字典类型 tender_category 被业务使用，不能删除',
    );
    expect(
      (await t.call(dictionary.updateDictType, { id: seeded.id, code: 'cat' }, token)).body.code,
    ).toBe(409);
    expect(
      (
        await t.call(
          dictionary.updateDictType,
          { id: seeded.id, name: '设备类别（主设备）' },
          token,
        )
      ).body.code,
    ).toBe(0);
    // An update naming no field changes nothing (it was a 500, found by the fuzz test).
    expect((await t.call(dictionary.updateDictType, { id: seeded.id }, token)).body.code).toBe(0);
    const [kept] = (await t.call(dictionary.listDictType, { keyword: 'tender_category' }, token))
      .body.data.list;
    expect(kept).toMatchObject({ code: 'tender_category', name: '设备类别（主设备）' });
  });

  it('manages items, unique per type, and hides disabled ones from the public list', async () => {
    const add = await t.call(
      dictionary.insertDictItem,
      { typeCode: 'region', label: '港澳台', value: 'hmt', sort: 99 },
      token,
    );
    expect(add.body.code).toBe(0);
    const duplicate = await t.call(
      dictionary.insertDictItem,
      { typeCode: 'region', label: '重复', value: 'hmt' },
      token,
    );
    expect(duplicate.body).toMatchObject({
      code: 409,
      data: { fields: [{ field: 'value', message: '字典类型 region 中已有值 hmt' }] },
    });
    const noType = await t.call(
      dictionary.insertDictItem,
      { typeCode: 'nope', label: 'x', value: 'x' },
      token,
    );
    expect(noType.body.errorMsg).toBe('字典类型 nope 不存在');
    expect(noType.body.data.fields[0].field).toBe('typeCode');
    const noLabel = await t.call(
      dictionary.insertDictItem,
      { typeCode: 'region', value: 'x' },
      token,
    );
    expect(noLabel.body.errorMsg).toBe('标签不能为空');
    expect(noLabel.body.data.fields[0].field).toBe('label');
    const publicValues = async () =>
      (await t.call(publicApi.listDictItemsPublic, { typeCode: 'region' })).body.data.map(
        (i: { value: string }) => i.value,
      );
    expect(await publicValues()).toContain('hmt');
    expect(
      (await t.call(dictionary.updateDictItem, { id: add.body.data.id }, token)).body.code,
    ).toBe(0);
    await t.call(dictionary.updateDictItem, { id: add.body.data.id, enabled: false }, token);
    expect(await publicValues()).not.toContain('hmt');
    const all = (await t.call(dictionary.listDictItem, { typeCode: 'region' }, token)).body.data;
    expect(all.find((i: { value: string }) => i.value === 'hmt')).toMatchObject({
      enabled: false,
      sort: 99,
    });
    expect(
      (await t.call(dictionary.deleteDictItem, { id: add.body.data.id }, token)).body.code,
    ).toBe(0);
    expect((await t.call(dictionary.deleteDictItem, { id: add.body.data.id }, token)).status).toBe(
      404,
    );
  });
});
