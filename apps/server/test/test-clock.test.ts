import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, admin, auth, publicApi, tenderApi } from '@tender/contracts';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { interfaces } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { createTender } from './support/bids.js';

const HOUR = 3600_000;
const advance = (t: TestApp, body: unknown) =>
  t.raw({ method: 'POST', url: `${API_BASE}/test-clock`, payload: body as object });
const serverTime = async (t: TestApp) =>
  Date.parse((await t.call(publicApi.systemInfo)).body.data.serverTime);

describe('the test clock (TEST_CLOCK=1, browser tests only)', () => {
  let plain: TestApp;
  let moved: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
    moved = await startTestApp({ config: { testClock: true } });
  });
  afterAll(async () => {
    await plain?.close();
    await moved?.close();
  });

  it('does not exist without the flag', async () => {
    const reply = await advance(plain, { advanceMs: 4 * 24 * HOUR });
    expect(reply.status).toBe(404);
    expect(Math.abs((await serverTime(plain)) - Date.now())).toBeLessThan(60_000);
  });

  it('is refused with NODE_ENV=production, and only 0 or 1 are accepted', () => {
    const secrets = { JWT_SECRET: 'a'.repeat(32), BID_SEAL_KEY: 'b'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1', ...secrets })).toThrow(
      /TEST_CLOCK/,
    );
    expect(() => loadConfig({ TEST_CLOCK: 'yes', ...secrets })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).testClock).toBe(false);
  });

  it('moves every rule forward: system-info and a tender deadline follow it', async () => {
    const token = await moved.login('manager');
    const tenderId = await createTender(moved, new Date());
    const statusOf = async () =>
      (await moved.call(tenderApi.getTtenderById, { id: tenderId }, token)).body.data.status;
    expect(await statusOf()).toBe('published');

    const before = await serverTime(moved);
    const reply = await advance(moved, { advanceMs: 2 * HOUR });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ offsetMs: 2 * HOUR });
    expect((await serverTime(moved)) - before).toBeGreaterThanOrEqual(2 * HOUR);
    // The deadline (an hour away) has passed on the server's clock; the token still works.
    expect(await statusOf()).toBe('closed');
  });

  it('only moves forward, by a bounded whole number of milliseconds', async () => {
    for (const advanceMs of [-HOUR, 0, 1.5, '60000', 400 * 24 * HOUR]) {
      const reply = await advance(moved, { advanceMs });
      expect(reply.status).toBe(400);
      expect(reply.body.errorMsg).toMatch(/^时钟前进量须为 1 至 \d+ 之间的整数/);
      expect(reply.body.data.fields[0].field).toBe('advanceMs');
    }
  });

  it('leaves tokens to the real clock: logout revokes a token after the test clock passed its expiry', async () => {
    const token = await moved.login('bidder1');
    const me = () => moved.call(admin.getMyInfo, {}, token);
    expect((await advance(moved, { advanceMs: 30 * 24 * HOUR })).status).toBe(200);
    expect((await me()).body.code).toBe(0);
    expect((await moved.call(auth.logout, {}, token)).body.code).toBe(0);
    expect((await me()).status).toBe(401);
  });

  it('stays outside the API: no interface row, so no power can grant it', async () => {
    const rows = await moved.database.db
      .select()
      .from(interfaces)
      .where(eq(interfaces.url, `${API_BASE}/test-clock`));
    expect(rows).toEqual([]);
  });
});
