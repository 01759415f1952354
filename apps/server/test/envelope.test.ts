import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, admin, publicApi, role } from '@tender/contracts';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({
    beforeReady: (app) => {
      app.get(`${API_BASE}/test/explode`, async () => {
        throw new Error('select * from secret_table -- internal detail');
      });
    },
  });
  token = await t.login('admin');
});
afterAll(() => t.close());

describe('the reply envelope', () => {
  it('wraps success as code 0 with data', async () => {
    const reply = await t.call(publicApi.systemInfo);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      code: 0,
      message: 'success',
      data: { title: '能源装备网上招投标管理系统', serverTime: expect.any(String) },
    });
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const reply = await t.raw({ method: 'GET', url: `${API_BASE}/api/no/such-route` });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe(404);
    expect(reply.body.errorMsg).toContain('/api/no/such-route');
  });

  it('names the field and the rule of invalid input, for the query and for the body', async () => {
    const query = await t.call(admin.listAdmin, { pageSize: 1000 }, token);
    expect(query.status).toBe(400);
    expect(query.body.code).toBe(400);
    // The person reads the rule in Chinese; the form and API clients find the field by name.
    expect(query.body.errorMsg).toBe('每页条数最大为 100');
    expect(query.body.data.fields).toEqual([{ field: 'pageSize', message: '每页条数最大为 100' }]);
    const body = await t.call(role.insertRole, { roleName: '', powerIds: 'x' }, token);
    expect(body.body.code).toBe(400);
    expect(body.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'powerIds',
      'roleName',
    ]);
    expect(body.body.errorMsg!.split('；').sort()).toEqual(['权限必须是数组', '角色名称不能为空']);
  });

  it('never starts a refusal with a field’s API name; a bare rule gets the Chinese one', async () => {
    // zod's own message for a wrong type names no field: the envelope puts 描述 before it.
    const typed = await t.call(role.insertRole, { roleName: '检查员', description: 42 }, token);
    expect(typed.status).toBe(400);
    expect(typed.body.data.fields[0].field).toBe('description');
    expect(typed.body.errorMsg).toMatch(/^描述：/);
    // A field the contract does not know has no form or label: the message names it.
    const unknown = await t.call(role.insertRole, { roleName: '检查员', colour: 'red' }, token);
    expect(unknown.body.errorMsg).toBe('不允许的字段「colour」（接口不接受此参数）');
    // Nor a label of the same name from another route (投标总价 is a bid's, not a role's).
    const labelled = await t.call(role.insertRole, { roleName: '检查员', totalPrice: 1 }, token);
    expect(labelled.body.errorMsg).toBe('不允许的字段「totalPrice」（接口不接受此参数）');
    for (const reply of [typed, unknown, labelled])
      expect(reply.body.errorMsg).not.toMatch(/^[A-Za-z]/);
  });

  it('refuses a malformed JSON body with 400', async () => {
    const reply = await t.raw({
      method: 'POST',
      url: `${API_BASE}${role.insertRole.path}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: '{"roleName":',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errorMsg).toBe('请求体不是合法的 JSON');
  });

  it('refuses a 20 MB JSON body with 413 over real HTTP, and keeps serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = JSON.stringify({ roleName: 'x'.repeat(20 * 1024 * 1024) });
    const response = await fetch(`${address}${API_BASE}${role.insertRole.path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: number }).code).toBe(400);
    const health = await fetch(`${address}${API_BASE}/health`);
    expect(health.status).toBe(200);
  });

  it('shows a request id and nothing internal for a server fault', async () => {
    const reply = await t.raw({ method: 'GET', url: `${API_BASE}/test/explode` });
    expect(reply.status).toBe(500);
    expect(reply.body.code).toBe(500);
    expect(reply.body.errorMsg).toContain(reply.body.data.requestId);
    expect(JSON.stringify(reply.body)).not.toMatch(/secret_table|select|at .*\.ts/);
  });

  it('checks the login before the body: no token on a POST with a broken body is 501, not 400', async () => {
    const reply = await t.raw({
      method: 'POST',
      url: `${API_BASE}${role.insertRole.path}`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(reply.body.code).toBe(501);
  });
});

describe('operations', () => {
  it('reports health with the database reachable', async () => {
    const reply = await t.raw({ method: 'GET', url: `${API_BASE}/health` });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the contracts, and the docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/json` });
    const paths = Object.keys(doc.json().paths);
    expect(paths).toContain(`${API_BASE}${admin.listAdmin.path}`);
    const listAdmin = doc.json().paths[`${API_BASE}${admin.listAdmin.path}`].get;
    expect(listAdmin.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['pageNum', 'pageSize', 'username', 'realName', 'roleId', 'status']),
    );
    const page = await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sends the security headers', async () => {
    const reply = await t.raw({ method: 'GET', url: `${API_BASE}/health` });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts only from our own files: no inline script can run in the application.
    expect(reply.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });
});
