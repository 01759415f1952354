import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';

export const testDbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * What a test's database starts as: `key` names the variant, `prepare` brings a migrated
 * database to it (seeds it). A worker builds each variant once and copies it for every test.
 */
export interface DatabaseTemplate {
  key: string;
  prepare(database: Database): Promise<unknown>;
}

const MIGRATED: DatabaseTemplate = { key: 'migrated', prepare: async () => {} };

/**
 * A fresh database of its own, migrated and prepared as `template` says: an in-memory PGlite
 * started from the variant's dump, or a new PostgreSQL database copied from the variant's
 * template database. Starting a PGlite and migrating it cost 3.4 s of CPU for every test app
 * (PGlite runs initdb on each start), most of the API suite's time; a copy costs 0.5 s.
 */
export async function openTestDatabase(
  template: DatabaseTemplate = MIGRATED,
): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate(template) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `tender_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    adminUrl,
    `create database ${name} template ${await postgresTemplate(adminUrl, template)}`,
  );
  const url = databaseUrl(adminUrl, name);
  // A test may send 50 requests at once to 4 connections: on a busy machine they wait longer
  // than the 5 s after which a server answers 数据库暂时不可用.
  const database = await openDatabase({
    kind: 'postgres',
    url,
    poolSize: 4,
    connectionTimeoutMs: 60_000,
  });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

// The templates live as long as the worker: with `isolate: false` its files share them.
const pgliteDumps = new Map<string, Promise<Blob>>();
const postgresTemplates = new Map<string, Promise<string>>();

function once<T>(cache: Map<string, Promise<T>>, key: string, build: () => Promise<T>) {
  let built = cache.get(key);
  if (!built) {
    built = build();
    cache.set(key, built);
    built.catch(() => cache.delete(key));
  }
  return built;
}

function pgliteTemplate(template: DatabaseTemplate) {
  return once(pgliteDumps, template.key, async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await template.prepare(database);
      return await database.dumpDataDir!();
    } finally {
      await database.close();
    }
  });
}

/**
 * A template database per variant and worker, named after the run (global-setup.ts drops the
 * run's templates at its end, and none of another run's).
 */
function postgresTemplate(adminUrl: string, template: DatabaseTemplate) {
  return once(postgresTemplates, template.key, async () => {
    const variant = createHash('sha256').update(template.key).digest('hex').slice(0, 10);
    const name = `${inject('templatePrefix')}_${process.pid}_${variant}`;
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(adminUrl, `create database ${name}`);
    // Every connection to it is closed before it is copied (PostgreSQL refuses a busy template).
    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(adminUrl, name),
      poolSize: 2,
    });
    try {
      await template.prepare(database);
    } finally {
      await database.close();
    }
    return name;
  });
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
