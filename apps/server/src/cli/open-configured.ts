import path from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { secureDataDir } from '../db/data-dir.js';

export type ConfiguredTarget =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/**
 * The database the server would use (DATABASE_URL, else the embedded one in DATA_DIR), for the
 * command-line tools. The embedded database is locked as the server locks it: a tool refuses
 * to run beside a running server on the same DATA_DIR rather than corrupt it. Relative paths
 * count from where `npm run` was typed (INIT_CWD), as they do for `npm start`.
 */
export function configuredTarget(source: NodeJS.ProcessEnv = process.env) {
  if (source.INIT_CWD) process.chdir(source.INIT_CWD);
  process.umask(0o077);
  const config = loadConfig(source);
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const target: ConfiguredTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') };
  return { config, target, unlock };
}

/** Opens (and migrates) a target's database. */
export const openTarget = (target: ConfiguredTarget): Promise<Database> =>
  openDatabase(target.kind === 'postgres' ? { ...target, poolSize: 2 } : target);

export async function openConfigured(
  source: NodeJS.ProcessEnv = process.env,
): Promise<{ config: Config; database: Database; close: () => Promise<void> }> {
  const { config, target, unlock } = configuredTarget(source);
  try {
    const database = await openTarget(target);
    return {
      config,
      database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Runs a tool's main: expected failures print their message only; exit code 1. */
export function runTool(main: () => Promise<number | void>) {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
