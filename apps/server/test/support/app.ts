import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_BASE, type RouteContract, type RouteInput } from '@tender/contracts';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { seedDatabase } from '../../src/seed/index.js';
import { DEMO_PASSWORDS } from '../../src/seed/demo.js';
import { DEMO_EXPERT_PASSWORD } from '../../src/seed/demo-experts.js';
import type { Clock } from '../../src/lib/clock.js';
import { openTestDatabase } from './database.js';

export { DEMO_PASSWORDS, DEMO_EXPERT_PASSWORD };

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_SECRET,
      BID_SEAL_KEY: 'test-seal-key-test-seal-key-test-seal-key-0123',
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT: '10000',
    }),
    ...overrides,
  };
}

/** A settable clock, for lock-out windows and token expiry. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; message: string; errorMsg?: string; data?: T };
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL URL of this test's database (PostgreSQL runs only). */
  databaseUrl?: string;
  config: Config;
  /** Calls a contract route: the input goes in the query for GET and in the JSON body for POST. */
  call<R extends RouteContract>(
    route: R,
    input?: RouteInput<R> | Record<string, unknown>,
    token?: string,
  ): Promise<Reply<any>>;
  raw(options: InjectOptions): Promise<Reply<any>>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

const passwordOf = (username: string) =>
  username === 'admin'
    ? DEMO_PASSWORDS.admin
    : username === 'manager'
      ? DEMO_PASSWORDS.manager
      : username === 'finance'
        ? DEMO_PASSWORDS.finance
        : /^expert\d$/.test(username)
          ? DEMO_EXPERT_PASSWORD
          : DEMO_PASSWORDS.bidder;

export async function startTestApp(
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    seed?: 'demo' | 'none';
    /** The demo tenders and extra suppliers too (off: tests count their own). */
    demoTenders?: boolean;
    /** With demoTenders: the sealed, opened and awarded demo bids too. */
    demoBids?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const seed = {
    seed: options.seed ?? 'demo',
    demoTenders: options.demoTenders ?? false,
    bidSealKey: options.demoBids ? config.bidSealKey : undefined,
  };
  const database = await openTestDatabase({
    key: JSON.stringify(seed),
    prepare: (template) => seedDatabase(template.db, seed),
  });
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
  });
  options.beforeReady?.(app);
  await app.ready();

  const raw = async (injectOptions: InjectOptions): Promise<Reply<any>> => {
    const response = await app.inject(injectOptions);
    let body: Reply['body'];
    try {
      body = response.json();
    } catch {
      body = { code: NaN, message: response.body };
    }
    return { status: response.statusCode, body, headers: response.headers };
  };

  const call: TestApp['call'] = (route, input, token) => {
    const headers: Record<string, string> = token ? { authorization: token } : {};
    const url = `${API_BASE}${route.path}`;
    if (route.method === 'GET') {
      const query = Object.fromEntries(
        Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
      return raw({ method: 'GET', url, query, headers });
    }
    return raw({ method: route.method, url, payload: (input ?? {}) as object, headers });
  };

  const login = async (username: string, password = passwordOf(username)) => {
    const { auth } = await import('@tender/contracts');
    const reply = await call(auth.login, { username, password });
    if (reply.body.code !== 0) throw new Error(`login ${username} failed: ${reply.body.errorMsg}`);
    return reply.body.data as string;
  };

  return {
    app,
    database,
    databaseUrl: database.url,
    config,
    call,
    raw,
    login,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
