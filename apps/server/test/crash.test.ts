import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE, bidApi } from '@tender/contracts';
import { openDatabase, type Database } from '../src/db/client.js';
import { auditLog, bidRevisions, bids } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/index.js';
import { verifyAuditChain } from '../src/lib/audit-chain.js';
import { createTokenService } from '../src/lib/tokens.js';
import { TEST_SECRET, type TestApp } from './support/app.js';
import { createTender, manyBidders, signUp } from './support/bids.js';
import { testDbKind } from './support/database.js';
import { spawnServer } from './support/process.js';

const SEAL_KEY = 'crash-seal-key-crash-seal-key-crash-seal-0123';
const BIDS = 200;
const dir = mkdtempSync(path.join(tmpdir(), 'tender-crash-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

/** The server's database: a DATA_DIR of its own, or a fresh PostgreSQL database. */
async function serverDatabase() {
  if (testDbKind === 'pglite') {
    const dataDir = path.join(dir, 'data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return {
      env: { DATA_DIR: dataDir } as Record<string, string>,
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') }),
      url: undefined,
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tender_crash_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'pg-data') },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    url: url.toString(),
  };
}

const serverEnv = (env: Record<string, string>) => ({
  ...env,
  JWT_SECRET: TEST_SECRET,
  BID_SEAL_KEY: SEAL_KEY,
  SEED: 'none',
  LOG_LEVEL: 'info',
  NODE_ENV: 'test',
});

async function startServer(env: Record<string, string>) {
  const server = spawnServer(serverEnv(env));
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return { ...server, baseUrl: await server.ready };
}

/** A tender open for an hour and BIDS approved, signed-up bidders with their tokens. */
async function prepare(database: Database) {
  await seedDatabase(database.db, { seed: 'none' });
  const tokens = createTokenService(TEST_SECRET, 3600);
  const t = { database, app: { deps: { tokens } } } as unknown as TestApp;
  const tenderId = await createTender(t, new Date());
  const bidders = await manyBidders(t, BIDS, `crash${testDbKind.slice(0, 2)}`);
  await signUp(
    t,
    tenderId,
    bidders.map((b) => b.supplierId),
  );
  return { tenderId, bidders };
}

const submit = (baseUrl: string, token: string, tenderId: number, price: number) =>
  fetch(`${baseUrl}${API_BASE}${bidApi.submitBid.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({
      tenderId,
      totalPrice: price,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 12,
    }),
    signal: AbortSignal.timeout(60_000),
  });

describe(`a server killed with SIGKILL during ${BIDS} bid submissions (${testDbKind})`, () => {
  it('keeps every acknowledged bid with its digest, and no partial one', async () => {
    const target = await serverDatabase();
    let database = await target.open();
    const { tenderId, bidders } = await prepare(database);
    if (testDbKind === 'pglite') await database.close();

    const server = await startServer(target.env);
    const receipts: { bidId: number; revision: number; digest: string }[] = [];
    let killed = false;
    const pending = bidders.map(async (bidder, i) => {
      try {
        const response = await submit(server.baseUrl, bidder.token, tenderId, 10_000 + i);
        const body = (await response.json()) as { code: number; data: (typeof receipts)[0] };
        if (body.code === 0) receipts.push(body.data);
        // Kill mid-stream: after a quarter has been acknowledged, the rest are in flight.
        if (receipts.length === BIDS / 4 && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the server: no receipt reached this client.
      }
    });
    await Promise.all(pending);
    if (!killed) server.child.kill('SIGKILL');
    await server.exited;
    expect(receipts.length).toBeGreaterThanOrEqual(BIDS / 4);
    expect(receipts.length).toBeLessThan(BIDS);

    // The restarted server (the embedded database recovers from its write-ahead log) serves.
    const again = await startServer(target.env);
    const health = await fetch(`${again.baseUrl}${API_BASE}/health`);
    expect(health.status).toBe(200);
    again.child.kill('SIGTERM');
    await again.exited;

    if (testDbKind === 'pglite') database = await target.open();
    try {
      const rows = await database.db.select().from(bids).where(eq(bids.tenderId, tenderId));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const receipt of receipts) {
        expect(byId.get(receipt.bidId)).toMatchObject({
          revision: receipt.revision,
          digest: receipt.digest,
          status: 'submitted',
        });
      }
      // No partial bid: each one has its sealed content, its revision record and its audit row.
      const revisions = await database.db.select().from(bidRevisions);
      const audited = new Set(
        (
          await database.db
            .select({ targetId: auditLog.targetId })
            .from(auditLog)
            .where(eq(auditLog.targetType, 'bid'))
        ).map((a) => Number(a.targetId)),
      );
      for (const row of rows) {
        expect(row.sealed).not.toBeNull();
        expect(row.digest).toMatch(/^[0-9a-f]{64}$/);
        expect(
          revisions.find((r) => r.bidId === row.id && r.revision === row.revision)?.digest,
        ).toBe(row.digest);
        expect(audited.has(row.id)).toBe(true);
      }
      expect(rows.length).toBeGreaterThanOrEqual(receipts.length);
      expect((await verifyAuditChain(database.db)).ok).toBe(true);
    } finally {
      await database.close();
    }
  }, 600_000);
});

describe.runIf(testDbKind === 'postgres')('PostgreSQL backends killed under load', () => {
  it('answers clear errors quickly during the outage and recovers by itself', async () => {
    const target = await serverDatabase();
    const database = await target.open();
    const { tenderId, bidders } = await prepare(database);
    await database.close();
    const server = await startServer(target.env);

    const control = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await control.connect();
    const name = new URL(target.url!).pathname.slice(1);
    const killBackends = () =>
      control.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );

    const outcomes: { status: number; ms: number; message?: string }[] = [];
    let stop = false;
    const load = async (worker: number) => {
      for (let n = 0; !stop; n++) {
        const started = Date.now();
        const bidder = bidders[(worker * 37 + n) % bidders.length]!;
        try {
          const response = await submit(server.baseUrl, bidder.token, tenderId, 20_000 + n);
          const body = (await response.json()) as { errorMsg?: string };
          outcomes.push({
            status: response.status,
            ms: Date.now() - started,
            message: body.errorMsg,
          });
        } catch (error) {
          outcomes.push({ status: 0, ms: Date.now() - started, message: String(error) });
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, i) => load(i));
    // The outage: every backend of the app killed, again and again, for a while.
    for (let round = 0; round < 6; round++) {
      await killBackends();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    stop = true;
    await Promise.all(workers);
    await control.end();

    expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
    // Never a hang (well inside the 60 s client time-out), never a bare 500 or a dropped socket.
    for (const outcome of outcomes) {
      expect(outcome.status, outcome.message).not.toBe(0);
      expect([200, 503]).toContain(outcome.status);
      if (outcome.status === 503) expect(outcome.message).toContain('数据库暂时不可用');
    }
    expect(outcomes.some((o) => o.status === 503)).toBe(true);

    // Recovered without help: the next requests succeed.
    const after = await Promise.all(
      bidders.slice(0, 5).map((b, i) => submit(server.baseUrl, b.token, tenderId, 30_000 + i)),
    );
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 600_000);
});
