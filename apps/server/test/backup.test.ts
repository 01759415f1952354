import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { bidRevisions, bids, fileChunks, files } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/index.js';
import { verifyAuditChain } from '../src/lib/audit-chain.js';
import { deriveMasterKey, seal, unseal, type SealedBlob } from '../src/lib/seal.js';
import { bidDigest, unsealContent } from '../src/lib/sealed-bid.js';
import { fileFactsContext, sealChunk } from '../src/modules/bids/files.js';
import { rotateSealKey, SealKeyRotationError } from '../src/modules/bids/rotate-seal-key.js';
import { checkSealKey, SealKeyMismatchError } from '../src/modules/bids/seal-key.js';
import { backupDatabase, restoreDatabase, type BackupTarget } from '../src/ops/backup.js';
import { testDbKind } from './support/database.js';
import { testConfig } from './support/app.js';

const KEY = 'backup-seal-key-backup-seal-key-backup-0123456';
const NEW_KEY = 'rotated-seal-key-rotated-seal-key-rotated-0123';
const dir = mkdtempSync(path.join(tmpdir(), 'tender-backup-'));
const cleanups: (() => Promise<void>)[] = [];
/** The restored database: the rotation test goes on with it (seeding twice would double the time). */
let restored: Database;
let fileId: number;
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A new, empty database of the kind under test (PostgreSQL: a fresh database of its own). */
async function emptyTarget(name: string): Promise<BackupTarget> {
  if (testDbKind === 'pglite') return { kind: 'pglite', dataDir: path.join(dir, name) };
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const database = `tender_backup_${name}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${database} with (force)`);
    await drop.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return { kind: 'postgres', url: url.toString() };
}

const open = (target: BackupTarget) =>
  openDatabase(target.kind === 'postgres' ? { ...target, poolSize: 2 } : target);

const FACTS = JSON.stringify({ sha256: 'a'.repeat(64), size: 30 });

/** Demo data with sealed bids (open, closed, opened, awarded) and a sealed bid file. */
async function seedSealed(database: Database) {
  await seedDatabase(database.db, { seed: 'demo', demoTenders: true, bidSealKey: KEY });
  // As the first start of a server does: the key's fingerprint is stored.
  await checkSealKey(database.db, testConfig({ bidSealKey: KEY }));
  const [file] = await database.db
    .insert(files)
    .values({
      name: '投标文件.pdf',
      contentType: 'application/pdf',
      size: 65536,
      sha256: '',
      uploadedBy: 3,
      ownerType: 'bid',
    })
    .returning({ id: files.id });
  const master = deriveMasterKey(KEY);
  await database.db.insert(fileChunks).values(
    [Buffer.from('%PDF-1.7 第一块'), Buffer.from('第二块 %%EOF')].map((data, seq) => ({
      fileId: file!.id,
      seq,
      data: sealChunk(master, file!.id, seq, data),
    })),
  );
  await database.db
    .update(files)
    .set({ sealedFacts: seal(master, Buffer.from(FACTS), fileFactsContext(file!.id)) })
    .where(eq(files.id, file!.id));
  return file!.id;
}

/** Everything a restore must bring back unchanged, as comparable values. */
async function snapshot(database: Database) {
  const db = database.db;
  const hash = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  return {
    bids: await db.select().from(bids).orderBy(asc(bids.id)),
    revisions: await db
      .select()
      .from(bidRevisions)
      .orderBy(asc(bidRevisions.bidId), asc(bidRevisions.revision)),
    files: await db.select().from(files).orderBy(asc(files.id)),
    chunks: (
      await db.select().from(fileChunks).orderBy(asc(fileChunks.fileId), asc(fileChunks.seq))
    ).map((c) => ({ fileId: c.fileId, seq: c.seq, sha256: hash(c.data) })),
    chain: await verifyAuditChain(db),
  };
}

/** Every sealed bid opens with the key, and what it holds matches its receipt digest. */
async function openAll(database: Database, key: string) {
  const master = deriveMasterKey(key);
  const sealed = await database.db.select().from(bids).where(isNotNull(bids.sealed));
  for (const bid of sealed) {
    const content = unsealContent(master, bid.sealed!, bid.tenderId, bid.supplierId, bid.revision);
    // A decrypted `bidder`-mode bid's receipt covers the envelope it replaced, not the quotation
    // now sealed in its place (docs/sealed-bids.md): it must open, its digest is checked at decryption.
    if (bid.decryptedAt) expect(content).toHaveProperty('totalPrice');
    else expect(bidDigest(content, bid.tenderId, bid.supplierId, bid.revision)).toBe(bid.digest);
  }
  return sealed.length;
}

const chunkText = async (database: Database, fileId: number, key: string) => {
  const chunks = await database.db
    .select()
    .from(fileChunks)
    .where(eq(fileChunks.fileId, fileId))
    .orderBy(asc(fileChunks.seq));
  return chunks
    .map((c) =>
      unseal(
        deriveMasterKey(key),
        JSON.parse(c.data.toString('utf8')) as SealedBlob,
        `file:${fileId}:${c.seq}`,
      ).toString('utf8'),
    )
    .join('');
};

describe(`backup and restore (${testDbKind})`, () => {
  it('restores sealed bids still sealed and openable with the same key, files and the audit chain intact', async () => {
    const source = await emptyTarget('source');
    const original = await open(source);
    fileId = await seedSealed(original);
    const before = await snapshot(original);
    // Sealed: the unopened bids carry no plain price.
    expect(before.bids.some((b) => b.sealed && b.totalPrice === null)).toBe(true);
    expect(before.chain.ok).toBe(true);
    if (source.kind === 'pglite') await original.close();

    const file = path.join(dir, testDbKind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    const result = await backupDatabase(source, file);
    expect(result.bytes).toBeGreaterThan(1000);
    if (source.kind === 'postgres') await original.close();

    const target = await emptyTarget('target');
    await restoreDatabase(target, file);
    restored = await open(target);
    cleanups.push(() => restored.close());
    const after = await snapshot(restored);
    expect(after).toEqual(before);
    expect(after.chain).toMatchObject({ ok: true, firstBroken: null });
    expect(await openAll(restored, KEY)).toBeGreaterThan(3);
    expect(await chunkText(restored, fileId, KEY)).toBe('%PDF-1.7 第一块第二块 %%EOF');
    // Another key cannot start a server on it, and opens nothing.
    await expect(
      checkSealKey(restored.db, testConfig({ bidSealKey: NEW_KEY })),
    ).rejects.toBeInstanceOf(SealKeyMismatchError);
    await expect(openAll(restored, NEW_KEY)).rejects.toThrow();
    await checkSealKey(restored.db, testConfig({ bidSealKey: KEY }));
  }, 240_000);

  it('rotates BID_SEAL_KEY: every sealed bid, revision and bid file moves to the new key in one go', async () => {
    const database = restored;
    const before = await snapshot(database);

    // A wrong "current" key changes nothing.
    await expect(rotateSealKey(database.db, NEW_KEY, KEY)).rejects.toBeInstanceOf(
      SealKeyRotationError,
    );
    expect(await snapshot(database)).toEqual(before);

    const result = await rotateSealKey(database.db, KEY, NEW_KEY);
    expect(result.bids).toBeGreaterThan(3);
    expect(result.revisions).toBeGreaterThanOrEqual(result.bids);
    expect(result.chunks).toBe(2);
    expect(result.fileFacts).toBe(1);
    const [file] = await database.db.select().from(files).where(eq(files.id, fileId));
    expect(
      unseal(deriveMasterKey(NEW_KEY), file!.sealedFacts!, fileFactsContext(fileId)).toString(),
    ).toBe(FACTS);

    expect(await openAll(database, NEW_KEY)).toBe(result.bids);
    await expect(openAll(database, KEY)).rejects.toThrow();
    expect(await chunkText(database, fileId, NEW_KEY)).toBe('%PDF-1.7 第一块第二块 %%EOF');
    const revisions = await database.db
      .select({ bidId: bidRevisions.bidId, revision: bidRevisions.revision })
      .from(bidRevisions)
      .where(isNotNull(bidRevisions.sealed));
    expect(revisions.length).toBe(result.revisions);
    // Receipts and digests did not move; the start-up check now wants the new key.
    const after = await snapshot(database);
    expect(after.bids.map((b) => b.digest)).toEqual(before.bids.map((b) => b.digest));
    await checkSealKey(database.db, testConfig({ bidSealKey: NEW_KEY }));
    await expect(checkSealKey(database.db, testConfig({ bidSealKey: KEY }))).rejects.toBeInstanceOf(
      SealKeyMismatchError,
    );
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  }, 120_000);
});
