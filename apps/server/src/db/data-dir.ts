import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export class DataDirExposedError extends Error {}

/**
 * DATA_DIR holds the database (password hashes, sealed bids) and the generated secrets: only
 * the server's own user may read it. New files are private (umask 077, set before PGlite
 * writes anything); an existing folder and its contents are tightened; a folder we cannot
 * tighten (owned by someone else) stops the start rather than running exposed.
 */
export function secureDataDir(dataDir: string) {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
  const mode = statSync(dataDir).mode & 0o777;
  if (mode & 0o077) {
    throw new DataDirExposedError(
      `DATA_DIR ${dataDir} can be read by other users (mode ${mode.toString(8)}): run chmod -R go-rwx on it, or start the server as its owner`,
    );
  }
}

function tighten(target: string) {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o077) !== 0) {
    try {
      chmodSync(target, stat.mode & wanted);
    } catch {
      // Not ours to change: the check on the folder itself decides.
    }
  }
  if (stat.isDirectory())
    for (const entry of readdirSync(target)) tighten(path.join(target, entry));
}
