import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import * as schema from './schema/index.js';
import { withNamedStatements } from './pglite-statements.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: where it is, for connections of their own (the access notifications). */
  url?: string;
  /**
   * Calls `listener` with the channel and the table whenever PostgreSQL announces a change on
   * CHANGE_CHANNELS: PGlite's one session, or any pooled PostgreSQL connection, including the
   * one whose commit made the change — before that commit's query resolves (db/change-feed.ts).
   */
  onChange(listener: ChangeListener): void;
  ping(): Promise<void>;
  /** PGlite only: its files as one tarball, which `loadDataDir` starts another instance from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** A change PostgreSQL announced: its channel, and the table it happened to. */
export type ChangeListener = (channel: string, table: string) => void;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A `dumpDataDir` tarball to start from (the API tests' migrated, seeded templates). */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long a request waits for a free connection before it fails (5 s). */
      connectionTimeoutMs?: number;
    };

/** The drizzle folder sits beside src/ in the sources and beside dist/ in the build. */
function migrationsFolder() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('SQL migrations folder (drizzle/) not found');
}

/** Sent by the statement triggers of migration 0007 when users, roles or grants change. */
export const ACCESS_CHANNEL = 'access_changed';
/** Sent by the triggers of migration 0012 when a table a cached answer was read from changes. */
export const DATA_CHANNEL = 'data_changed';
export const CHANGE_CHANNELS = [ACCESS_CHANNEL, DATA_CHANNEL] as const;

/** Any fixed number: all instances serialise their start-up migrations on it. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * bytea as PostgreSQL's hex text, through Node's own hex codec. PGlite's default (de)serializers
 * walk the bytes one JavaScript value at a time (a string per byte, a parseInt per pair): a 50 MB
 * bid attachment, stored and read back in 256 KB chunks, cost about 30 s of the server's only
 * thread (profiled in the remote-opening browser test), while every other request waited.
 */
export const BYTEA_AS_HEX = {
  serializers: {
    [pgliteTypes.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [pgliteTypes.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

export async function openDatabase(
  target: DatabaseTarget,
  log?: FastifyBaseLogger,
): Promise<Database> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      // PGlite's buffer cache lives in the server's own memory (128 MB by default, never given
      // back once touched): PostgreSQL's classic 32 MB keeps the process small, and the files
      // stay in the operating system's page cache anyway.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
      ...BYTEA_AS_HEX,
    });
    const db = drizzlePglite(withNamedStatements(client), { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    const changeListeners = new Set<ChangeListener>();
    for (const channel of CHANGE_CHANNELS)
      await client.listen(channel, (table) =>
        changeListeners.forEach((listener) => listener(channel, table)),
      );
    return {
      db,
      kind: 'pglite',
      onChange: (listener) => changeListeners.add(listener),
      ping: async () => void (await client.query('select 1')),
      dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
      // close() checkpoints and flushes PGlite's files to DATA_DIR.
      close: () => client.close(),
    };
  }

  const changeListeners = new Set<ChangeListener>();
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // With PostgreSQL unreachable, a request fails within seconds instead of waiting forever.
    connectionTimeoutMillis: target.connectionTimeoutMs ?? 5000,
    // Every pooled connection listens, so the one that commits a change hears it itself (a
    // session gets its own notifications before the commit's answer): that instance forgets at
    // once. The pool hands the connection out only once it listens.
    onConnect: async (client) => {
      client.on('notification', ({ channel, payload }) =>
        changeListeners.forEach((listener) => listener(channel, payload ?? '')),
      );
      for (const channel of CHANGE_CHANNELS) await client.query(`listen ${channel}`);
    },
  });
  // Without a listener, an idle client's dropped connection is an uncaught error that ends the process.
  pool.on('error', (error) =>
    log?.warn({ err: error }, 'PostgreSQL pool connection lost; it will reconnect'),
  );
  // A checked-out client whose backend dies between two queries of a transaction emits
  // 'error' on itself, where the pool listens only while it is idle: without this listener
  // the process would end. Its current query fails, and the pool drops it when released.
  pool.on('connect', (client) =>
    client.on('error', (error) =>
      log?.warn({ err: error }, 'PostgreSQL connection lost during a request'),
    ),
  );
  const migrationClient = await pool.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrationClient), { migrationsFolder: migrationsFolder() });
  } finally {
    await migrationClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => {});
    migrationClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url: target.url,
    onChange: (listener) => changeListeners.add(listener),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}
