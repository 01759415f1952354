// Measures our authenticated, permission-checked routes against a bare Fastify route, side by
// side in one run, and reports ratios (never pass/fail times). Run: npm run bench
import { mkdirSync, writeFileSync } from 'node:fs';
import Fastify from 'fastify';
import { API_BASE, admin, auth } from '@tender/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDatabase } from '../apps/server/src/db/seed/index.js';
import { DEMO_PASSWORDS } from '../apps/server/src/db/seed/demo.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

async function timePerRequest(label: string, send: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await send();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await send();
  const micros = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
  return { label, micros };
}

const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'b'.repeat(40),
  BID_SEAL_KEY: 'c'.repeat(40),
  LOG_LEVEL: 'silent',
});
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite' });
await seedDatabase(database.db, { seed: 'demo' });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: `${API_BASE}${auth.login.path}`,
  payload: { username: 'admin', password: DEMO_PASSWORDS.admin },
});
const token = login.json().data as string;

const bare = Fastify();
bare.get('/hello', async () => ({ code: 0, message: 'success', data: { hello: 'world' } }));
await bare.ready();

const results = [
  await timePerRequest('bare Fastify route', () => bare.inject({ method: 'GET', url: '/hello' })),
  await timePerRequest('public system-info', () =>
    app.inject({ method: 'GET', url: `${API_BASE}/api/public/system-info` }),
  ),
  await timePerRequest('list-menu-by-user (token + menu tree)', () =>
    app.inject({
      method: 'GET',
      url: `${API_BASE}${auth.listMenuByUser.path}`,
      headers: { authorization: token },
    }),
  ),
  await timePerRequest('list-admin page (token + permission + 2 queries)', () =>
    app.inject({
      method: 'GET',
      url: `${API_BASE}${admin.listAdmin.path}`,
      headers: { authorization: token },
    }),
  ),
];

const base = results[0]!.micros;
const lines = [
  `# Route cost relative to a bare Fastify route (${database.kind}, ${ROUNDS} sequential requests each, app.inject)`,
  '',
  '| route | µs per request | × bare |',
  '|---|---|---|',
  ...results.map(
    (r) => `| ${r.label} | ${r.micros.toFixed(1)} | ${(r.micros / base).toFixed(1)} |`,
  ),
];
console.log(lines.join('\n'));
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL(`./results/menu-route-${database.kind}.md`, import.meta.url),
  lines.join('\n') + '\n',
);
await app.close();
await bare.close();
await database.close();
