import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the whole database: every record, the uploaded files (they live in the database),
 * the sealed bids (ciphertext only) and the audit chain. The keys are NOT in a backup (see
 * docs/operations.md): a backup alone opens no sealed bid.
 *
 * - PostgreSQL: `pg_dump -Fc` (a consistent snapshot while the servers run) and `pg_restore`.
 * - Embedded PGlite: its own data-directory tarball (gzip), taken with the server stopped (the
 *   DATA_DIR lock makes sure of that).
 */
export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface BackupResult {
  file: string;
  bytes: number;
  sha256: string;
  format: 'pg_dump custom' | 'pglite tarball';
}

const PG_DUMP_MAGIC = 'PGDMP';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', (error) =>
      reject(new Error(`${command} could not be started (${error.message}): is it installed?`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`)),
    );
  });
}

const describe = (file: string, format: BackupResult['format']): BackupResult => {
  const data = readFileSync(file);
  return {
    file,
    bytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    format,
  };
};

export async function backupDatabase(target: BackupTarget, file: string): Promise<BackupResult> {
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, target.url]);
    return describe(file, 'pg_dump custom');
  }
  const db = await PGlite.create({ dataDir: target.dataDir });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
  return describe(file, 'pglite tarball');
}

/**
 * Restores a backup into the target. PostgreSQL: into the database of DATABASE_URL, replacing
 * what the dump holds, in one transaction (a failed restore changes nothing). PGlite: the
 * current data folder is kept beside the restored one as `pgdata.replaced-<time>`.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ kept?: string }> {
  const head = readFileSync(file).subarray(0, 5).toString('latin1');
  const isPgDump = head === PG_DUMP_MAGIC;
  if (target.kind === 'postgres') {
    if (!isPgDump)
      throw new Error(`${file} is not a pg_dump backup: restore it with the embedded database`);
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      file,
    ]);
    return {};
  }
  if (isPgDump)
    throw new Error(`${file} is a pg_dump backup: restore it with DATABASE_URL set (PostgreSQL)`);
  let kept: string | undefined;
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length) {
    kept = `${target.dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target.dataDir, kept);
  }
  const tarball = new Blob([readFileSync(file)]);
  const db = await PGlite.create({ dataDir: target.dataDir, loadDataDir: tarball });
  await db.close();
  return { kept };
}

/** The default name of a new backup: which database, when (UTC), in the current folder. */
export const defaultBackupFile = (kind: BackupTarget['kind'], now = new Date()) =>
  path.resolve(
    `tender-backup-${now.toISOString().replace(/[:.]/g, '-')}${kind === 'postgres' ? '.dump' : '.tar.gz'}`,
  );
