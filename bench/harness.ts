// What every part of the bench shares: the built server started as `npm run serve` starts it,
// a bare process to compare with, autocannon over real HTTP, a PostgreSQL database of its own,
// and the shape of a figure in the table.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_BASE, auth } from '@tender/contracts';

export const quick = process.argv.includes('--quick');
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SIZES = {
  pg: Number(process.env.BENCH_PG_TENDERS ?? (quick ? 20_000 : 1_000_000)),
  pglite: Number(process.env.BENCH_PGLITE_TENDERS ?? (quick ? 5_000 : 100_000)),
};
export const SECONDS = quick ? 3 : 6;
export const BURST = { suppliers: quick ? 100 : 500, seconds: 10 };
export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECRETS = {
  JWT_SECRET: 'bench-jwt-secret-'.repeat(3),
  BID_SEAL_KEY: 'bench-seal-key-'.repeat(3),
};
/** The server is started as `npm run serve` starts it (its Node flags included), minus npm. */
export const SERVE_ARGS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  }
).scripts.serve
  .split(/\s+/)
  .slice(1);
export const started = Date.now();
export const log = (text: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);

// ---------------------------------------------------------------- processes and measuring

export interface Running {
  child: ChildProcess;
  base: string;
  /** The largest resident set seen while sampling. */
  peakRss: () => number;
  stop: () => Promise<void>;
}

function rssOf(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export async function start(
  name: string,
  script: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<Running> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, script, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await fetch(base + readyPath)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 600) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 100);
  return {
    child,
    base,
    peakRss: () => peak,
    stop: async () => {
      clearInterval(sampler);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Load {
  reqPerSec: number;
  p99Ms: number;
  errors: number;
}

export async function drive(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  } = {},
): Promise<Load> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections ?? 20,
      duration,
      method: options.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body,
    });
  await run(1); // warm-up: JIT, connection pool, caches
  const result = await run(options.seconds ?? SECONDS);
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The built server's environment in every part of the bench (plus its database). */
export const SERVER_ENV = {
  NODE_ENV: 'production',
  ...SECRETS,
  SEED: 'none',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000000',
  API_DOCS: 'off',
};

/** The built server, as `npm run serve` starts it, answering its system-info. */
export const startServer = (name: string, env: Record<string, string>) =>
  start(name, SERVE_ARGS, { ...SERVER_ENV, ...env }, `${API_BASE}/api/public/system-info`);

// ---------------------------------------------------------------- data

export async function createDatabase() {
  const name = `bench_${Date.now()}`;
  const adminClient = new pg.Client({ connectionString: ADMIN_URL });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  await adminClient.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// ---------------------------------------------------------------- figures

export interface Figure {
  figure: string;
  value: string;
  target: string;
  met: boolean;
}

export async function login(base: string, username: string, password: string) {
  const response = await fetch(`${base}${API_BASE}${auth.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { data: string };
  return body.data;
}

/**
 * A part of the bench that measures one work path on data and servers of its own (the opening of
 * many bids, the evaluation desk …). `npm run bench -- --only <name>` runs just that part.
 */
export interface WorkPath {
  name: string;
  run: () => Promise<{ figures: Figure[]; raw: unknown }>;
}
