import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; poolSize?: number };

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

/** Any fixed number: all instances serialise their start-up migrations on it. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(
  target: DatabaseTarget,
  log?: FastifyBaseLogger,
): Promise<Database> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create(target.dataDir ? { dataDir: target.dataDir } : {});
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
      ping: async () => void (await client.query('select 1')),
      // close() checkpoints and flushes PGlite's files to DATA_DIR.
      close: () => client.close(),
    };
  }

  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // Without a listener, an idle client's dropped connection is an uncaught error that ends the process.
  pool.on('error', (error) =>
    log?.warn({ err: error }, 'PostgreSQL pool connection lost; it will reconnect'),
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
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}
