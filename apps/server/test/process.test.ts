import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE, auth, role } from '@tender/contracts';
import { openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORDS } from '../src/seed/demo.js';
import { testDbKind } from './support/database.js';
import { spawnServer } from './support/process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tender-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function post(baseUrl: string, route: { path: string }, body: object, token?: string) {
  const response = await fetch(`${baseUrl}${API_BASE}${route.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: any; errorMsg?: string };
}
const loginAdmin = async (baseUrl: string) =>
  (await post(baseUrl, auth.login, { username: 'admin', password: DEMO_PASSWORDS.admin }))
    .data as string;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...filesUnder(full)] : [full];
  });

// Runs in the PGlite pass only: the PostgreSQL pass would repeat it unchanged.
describe.runIf(testDbKind === 'pglite')('the server process on the embedded database', () => {
  it('refuses a second process on the same DATA_DIR, keeps data across a restart, and releases the lock on SIGTERM', async () => {
    const first = spawnServer({ DATA_DIR: dataDir });
    const baseUrl = await first.ready;
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const second = spawnServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another server process');

    const token = await loginAdmin(baseUrl);
    const created = await post(
      baseUrl,
      role.insertRole,
      { roleName: '持久化检查', powerIds: [] },
      token,
    );
    expect(created.code).toBe(0);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // Nothing the server wrote (database files with password hashes, secrets) is readable by others.
    const exposed = filesUnder(dataDir).filter((file) => (statSync(file).mode & 0o077) !== 0);
    expect(exposed).toEqual([]);

    const again = spawnServer({ DATA_DIR: dataDir });
    const againUrl = await again.ready;
    try {
      const roles = await fetch(
        `${againUrl}${API_BASE}${role.listRole.path}?roleName=${encodeURIComponent('持久化检查')}`,
        {
          headers: { authorization: await loginAdmin(againUrl) },
        },
      );
      const body = (await roles.json()) as { data: { list: { roleName: string }[] } };
      expect(body.data.list.map((r) => r.roleName)).toEqual(['持久化检查']);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);

  it('takes over a lock file left by a process that no longer runs', async () => {
    const staleDir = mkdtempSync(path.join(tmpdir(), 'tender-stale-'));
    writeFileSync(path.join(staleDir, 'server.lock'), '999999');
    const server = spawnServer({ DATA_DIR: staleDir, SEED: 'none' });
    try {
      await server.ready;
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(staleDir, { recursive: true, force: true });
    }
  }, 60_000);
});

// Needs a PostgreSQL server: runs in the PostgreSQL pass of the API suite (scripts/test-api.mjs).
describe.runIf(testDbKind === 'postgres')('the PostgreSQL pool', () => {
  it('survives its connections being killed and serves the next query', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `tender_drop_${Date.now()}`;
    const control = new pg.Client({ connectionString: adminUrl });
    await control.connect();
    await control.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      await database.ping();
      await control.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(database.ping().catch(() => database.ping())).resolves.toBeUndefined();
      await database.ping();
    } finally {
      await database.close();
      await control.query(`drop database if exists ${name} with (force)`);
      await control.end();
    }
  });
});

describe.runIf(testDbKind === 'pglite')('npm run create-admin', () => {
  it('creates the administrator from answers typed (or piped) in, never echoing the password', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tender-create-admin-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts'], {
        cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SEED: 'none' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      child.stdin!.end('firstadmin\nNot-Echoed-2026\n');
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(output).toContain('管理员 firstadmin 已创建');
      expect(output).not.toContain('Not-Echoed-2026');
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
