import { existsSync } from 'node:fs';
import path from 'node:path';
import { newPassword, username as usernameRule } from '@tender/contracts';
import { buildApp } from './app.js';
import { handlersFinished } from './plugins/route.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { DataDirExposedError, secureDataDir } from './db/data-dir.js';
import { seedDatabase } from './seed/index.js';
import { SealKeyMismatchError } from './modules/bids/seal-key.js';

async function main() {
  process.umask(0o077);
  const config = loadConfig();
  if (!config.databaseUrl || existsSync(config.dataDir)) secureDataDir(config.dataDir);
  if (config.initialAdmin) {
    usernameRule.parse(config.initialAdmin.username);
    newPassword.parse(config.initialAdmin.password);
  }
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  const seeded = await seedDatabase(database.db, {
    seed: config.seed,
    initialAdmin: config.initialAdmin,
    bidSealKey: config.bidSealKey,
  });
  const app = await buildApp({ config, database });
  if (seeded.created === 'nothing' && config.seed === 'none' && !config.initialAdmin) {
    app.log.info(
      'No demo data (SEED=none). Create the first administrator with `npm run create-admin`.',
    );
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: finishing requests, then flushing the database');
    try {
      await app.close();
      await handlersFinished(app, 10_000);
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error(error);
    await database.close();
    unlock();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  const expected =
    error instanceof DataDirLockedError ||
    error instanceof DataDirExposedError ||
    error instanceof SealKeyMismatchError;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
