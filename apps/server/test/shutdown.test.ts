import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, defineRoute } from '@tender/contracts';
import { addRoute, handlersFinished } from '../src/plugins/route.js';
import { startTestApp, type TestApp } from './support/app.js';

const slow = defineRoute({
  method: 'GET',
  path: '/api/public/test/slow',
  summary: '测试：慢请求',
  tag: '测试',
  data: z.string(),
});

let t: TestApp;
let started!: () => void;
let finish!: () => void;
const handlerStarted = new Promise<void>((resolve) => (started = resolve));
const finishHandler = new Promise<void>((resolve) => (finish = resolve));

beforeAll(async () => {
  t = await startTestApp({
    beforeReady: (app) =>
      addRoute(app, slow, 'public', async () => {
        started();
        await finishHandler;
        return 'done';
      }),
  });
});
afterAll(() => t.close());

describe('shutting down', () => {
  it('waits for a handler whose client has hung up before the database may close', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const hangUp = new AbortController();
    const request = fetch(`${address}${API_BASE}${slow.path}`, { signal: hangUp.signal });
    await handlerStarted;
    hangUp.abort();
    await request.catch(() => {});
    await t.app.close();
    // The HTTP server is closed, the handler still runs: the drain must wait for it.
    let drained = false;
    const drain = handlersFinished(t.app, 10_000).then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drained).toBe(false);
    finish();
    await drain;
    expect(drained).toBe(true);
  });
});
