import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import type { Clock } from '../../src/lib/clock.js';
import { testConfig, type TestApp } from './app.js';
import { testDbKind } from './database.js';

/**
 * A second server on `t`'s database, standing for another process: on PostgreSQL its own pool
 * and its own notification connection; on PGlite (one process) the same database handle.
 */
export async function secondInstance(t: TestApp, clock?: Clock): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(),
    database:
      testDbKind === 'pglite'
        ? t.database
        : await openDatabase({ kind: 'postgres', url: t.databaseUrl!, poolSize: 2 }),
    clock,
    logger: false,
  });
  await app.ready();
  return app;
}

export async function closeSecondInstance(app: FastifyInstance) {
  await app.close();
  if (testDbKind === 'postgres') await app.deps.database.close();
}
