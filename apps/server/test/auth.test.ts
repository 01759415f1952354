import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, admin, auth } from '@tender/contracts';
import {
  DEMO_PASSWORDS,
  TEST_SECRET,
  TestClock,
  startTestApp,
  type TestApp,
} from './support/app.js';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('login', () => {
  it('answers a token carrying roleId and userId for credentials in the JSON body', async () => {
    const reply = await t.call(auth.login, { username: 'admin', password: DEMO_PASSWORDS.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(0);
    const payload = decode(reply.body.data);
    expect(payload).toMatchObject({ roleId: expect.any(Number), userId: 1 });
    expect(payload.exp).toBeGreaterThan(payload.iat);
  });

  it('accepts the credentials in the query string too', async () => {
    const reply = await t.raw({
      method: 'POST',
      url: `${API_BASE}${auth.login.path}`,
      query: { username: 'manager', password: DEMO_PASSWORDS.manager },
    });
    expect(reply.body.code).toBe(0);
    expect(typeof reply.body.data).toBe('string');
  });

  it('trims the username', async () => {
    const reply = await t.call(auth.login, {
      username: '  bidder1  ',
      password: DEMO_PASSWORDS.bidder,
    });
    expect(reply.body.code).toBe(0);
  });

  it('gives the same error for an unknown user and for a wrong password', async () => {
    const unknown = await t.call(auth.login, { username: 'nobody', password: 'Whatever123' });
    const wrong = await t.call(auth.login, { username: 'bidder2', password: 'Wrong-pass-1' });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body.errorMsg).toBe('用户名或密码错误');
    expect(wrong.body.errorMsg).toBe(unknown.body.errorMsg);
    // The refusal names both fields (found by the fuzz test), and the same two for either cause.
    expect(unknown.body.data.fields.map((f: { field: string }) => f.field)).toEqual([
      'username',
      'password',
    ]);
    expect(wrong.body.data).toEqual(unknown.body.data);
  });

  it('names the missing field', async () => {
    const reply = await t.call(auth.login, { username: 'admin' });
    expect(reply.body.code).toBe(400);
    expect(reply.body.errorMsg).toBe('密码不能为空');
    expect(reply.body.data.fields).toEqual([{ field: 'password', message: '密码不能为空' }]);
  });

  it('locks an account after 5 failures in 15 minutes, and unlocks it after the lock time', async () => {
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.call(auth.login, { username: 'bidder3', password: 'Wrong-pass-1' })).status,
      ).toBe(400);
    }
    const fifth = await t.call(auth.login, { username: 'bidder3', password: 'Wrong-pass-1' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe(429);
    expect(fifth.body.errorMsg).toMatch(/分钟后再试/);
    expect(fifth.headers['retry-after']).toBeDefined();
    // Even the right password is refused while locked.
    const locked = await t.call(auth.login, {
      username: 'bidder3',
      password: DEMO_PASSWORDS.bidder,
    });
    expect(locked.body.code).toBe(429);
    clock.advance(15 * 60 + 1);
    const later = await t.call(auth.login, {
      username: 'bidder3',
      password: DEMO_PASSWORDS.bidder,
    });
    expect(later.body.code).toBe(0);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < 4; i++)
      await t.call(auth.login, { username: 'bidder4', password: 'Wrong-pass-1' });
    clock.advance(16 * 60);
    const reply = await t.call(auth.login, { username: 'bidder4', password: 'Wrong-pass-1' });
    expect(reply.status).toBe(400);
    expect(
      (await t.call(auth.login, { username: 'bidder4', password: DEMO_PASSWORDS.bidder })).body
        .code,
    ).toBe(0);
  });
});

describe('login rate limit per address', () => {
  it('answers 429 with when to retry once an address exceeds the limit', async () => {
    const limited = await startTestApp({ config: { loginRateLimit: 3 } });
    try {
      for (let i = 0; i < 3; i++) await limited.call(auth.login, { username: 'x', password: 'y' });
      const reply = await limited.call(auth.login, {
        username: 'admin',
        password: DEMO_PASSWORDS.admin,
      });
      expect(reply.status).toBe(429);
      expect(reply.body.code).toBe(429);
      expect(reply.body.errorMsg).toMatch(/秒后再试/);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('accepts the token with or without the Bearer prefix', async () => {
    const token = await t.login('admin');
    expect((await t.call(auth.listMenuByUser, {}, token)).body.code).toBe(0);
    expect((await t.call(auth.listMenuByUser, {}, `Bearer ${token}`)).body.code).toBe(0);
  });

  it('accepts the token parameter of list-menu-by-user', async () => {
    const token = await t.login('manager');
    const reply = await t.call(auth.listMenuByUser, { token });
    expect(reply.body.code).toBe(0);
    expect(reply.body.data.realName).toBe('张采购');
    // Repeated, it is no single token: the caller is anonymous (it was a 500, found by the fuzz).
    const twice = await t.raw({
      method: 'GET',
      url: `${API_BASE}${auth.listMenuByUser.path}?token=${token}&token=${token}`,
    });
    expect(twice.body.code).toBe(501);
  });

  it('answers 501 without a token, with a tampered token and with alg none', async () => {
    const token = await t.login('admin');
    const [header, payload] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(token), roleId: 99 })).toString(
      'base64url',
    );
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const bad of [undefined, `${header}.${forged}.${token.split('.')[2]}`, none, 'garbage']) {
      const reply = await t.call(admin.listAdmin, {}, bad);
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe(501);
    }
  });

  it('answers 502 for an expired token', async () => {
    const expired = await new SignJWT({ roleId: 1, userId: 1, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('expired-token')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const reply = await t.call(admin.listAdmin, {}, expired);
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(502);
  });

  it('revokes the token at logout but leaves the user’s other sessions alone', async () => {
    const first = await t.login('manager');
    const second = await t.login('manager');
    expect((await t.call(auth.logout, {}, first)).body.code).toBe(0);
    const after = await t.call(auth.listMenuByUser, {}, first);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(503);
    expect((await t.call(auth.listMenuByUser, {}, second)).body.code).toBe(0);
  });

  it('revokes every earlier token when the user changes the password', async () => {
    const token = await t.login('bidder2');
    const other = await t.login('bidder2');
    const change = await t.call(
      auth.updateAdminPassword,
      { oldPassword: DEMO_PASSWORDS.bidder, password: 'NewPass123' },
      token,
    );
    expect(change.body.code).toBe(0);
    expect((await t.call(auth.listMenuByUser, {}, token)).body.code).toBe(503);
    expect((await t.call(auth.listMenuByUser, {}, other)).body.code).toBe(503);
    expect(
      (await t.call(auth.login, { username: 'bidder2', password: DEMO_PASSWORDS.bidder })).body
        .code,
    ).toBe(400);
    const fresh = await t.login('bidder2', 'NewPass123');
    expect((await t.call(auth.listMenuByUser, {}, fresh)).body.code).toBe(0);
  });

  it('refuses a password change with a wrong old password or a weak new one, naming the field', async () => {
    const token = await t.login('manager');
    const wrongOld = await t.call(
      auth.updateAdminPassword,
      { oldPassword: 'nope', password: 'NewPass123' },
      token,
    );
    expect(wrongOld.body.code).toBe(400);
    expect(wrongOld.body.errorMsg).toBe('原密码不正确');
    expect(wrongOld.body.data.fields).toEqual([{ field: 'oldPassword', message: '原密码不正确' }]);
    const weak = await t.call(
      auth.updateAdminPassword,
      { oldPassword: DEMO_PASSWORDS.manager, password: 'short' },
      token,
    );
    expect(weak.body.code).toBe(400);
    // Every rule the new password breaks, each once, in Chinese.
    expect(weak.body.errorMsg).toBe('密码至少 8 个字符；密码必须包含数字');
    expect(weak.body.data.fields[0].field).toBe('password');
    expect((await t.call(auth.listMenuByUser, {}, token)).body.code).toBe(0);
  });

  it('revokes the tokens of a user an administrator resets or disables', async () => {
    const adminToken = await t.login('admin');
    const victim = await t.login('bidder1');
    const reset = await t.call(
      admin.updateAdminPasswordById,
      { userid: 3, password: 'Reset1234' },
      adminToken,
    );
    expect(reset.body.code).toBe(0);
    expect((await t.call(auth.listMenuByUser, {}, victim)).body.code).toBe(503);
    const again = await t.login('bidder1', 'Reset1234');
    const disable = await t.call(admin.updateAdmin, { userid: 3, status: 'disabled' }, adminToken);
    expect(disable.body.code).toBe(0);
    expect((await t.call(auth.listMenuByUser, {}, again)).body.code).toBe(503);
    const login = await t.call(auth.login, { username: 'bidder1', password: 'Reset1234' });
    expect(login.body.code).toBe(403);
    expect(login.body.errorMsg).toContain('停用');
  });
});
