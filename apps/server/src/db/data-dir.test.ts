import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir.js';

const mode = (file: string) => statSync(file).mode & 0o777;
const made: string[] = [];
const originalUmask = process.umask();
afterEach(() => {
  process.umask(originalUmask);
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR permissions', () => {
  it('tightens an existing world-readable folder and the files inside it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tender-perms-'));
    made.push(root);
    const dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'pgdata', 'pg_wal'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata', 'pg_wal', '000000010000000000000001'), 'wal');
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'pgdata'), 0o755);
    chmodSync(path.join(dataDir, 'pgdata', 'pg_wal', '000000010000000000000001'), 0o666);
    secureDataDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'pgdata'))).toBe(0o700);
    expect(mode(path.join(dataDir, 'pgdata', 'pg_wal', '000000010000000000000001'))).toBe(0o600);
  });

  it('creates a missing folder private, and new files after it are private too', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tender-perms-'));
    made.push(root);
    const dataDir = path.join(root, 'fresh');
    secureDataDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    writeFileSync(path.join(dataDir, 'new-file'), 'x');
    expect(mode(path.join(dataDir, 'new-file'))).toBe(0o600);
  });
});
