import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bidRevisions,
  bids,
  fileChunks,
  files,
  installationSettings,
} from '../../db/schema/index.js';
import { deriveMasterKey, isSealedBlob, masterKeyFingerprint, rewrap } from '../../lib/seal.js';
import { bidContext } from '../../lib/sealed-bid.js';
import { fileChunkContext, fileFactsContext } from './files.js';
import { SEAL_KEY_SETTING } from './seal-key.js';

export class SealKeyRotationError extends Error {}

export interface RotationResult {
  bids: number;
  revisions: number;
  chunks: number;
  /** Bid files whose sealed hash and size moved. */
  fileFacts: number;
  fingerprint: string;
}

/**
 * Re-wraps every sealed blob (live bids, their revisions, sealed bid-file chunks and facts) from the old
 * BID_SEAL_KEY to the new one and stores the new key's fingerprint, in one transaction: either
 * everything is under the new key or nothing changed. The sealed content itself is not
 * re-encrypted, only each blob's content key. Every server must be stopped meanwhile (one
 * still running with the old key would seal new bids that the new key cannot open).
 */
export async function rotateSealKey(
  db: Db,
  oldKey: string,
  newKey: string,
): Promise<RotationResult> {
  const from = deriveMasterKey(oldKey);
  const to = deriveMasterKey(newKey);
  const fingerprint = masterKeyFingerprint(to);
  const refuse = (what: string): never => {
    throw new SealKeyRotationError(
      `${what} cannot be unwrapped with the current BID_SEAL_KEY: nothing was changed`,
    );
  };
  const moved = (blob: unknown, context: string, what: string) => {
    if (!isSealedBlob(blob)) return null;
    try {
      return rewrap(from, to, blob, context);
    } catch {
      return refuse(what);
    }
  };

  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ value: installationSettings.value })
      .from(installationSettings)
      .where(eq(installationSettings.key, SEAL_KEY_SETTING))
      .for('update');
    if (stored && stored.value !== masterKeyFingerprint(from))
      throw new SealKeyRotationError(
        'BID_SEAL_KEY is not the key this database was sealed with (fingerprint differs): nothing was changed',
      );
    const result: RotationResult = { bids: 0, revisions: 0, chunks: 0, fileFacts: 0, fingerprint };

    const liveBids = await tx
      .select({
        id: bids.id,
        tenderId: bids.tenderId,
        supplierId: bids.supplierId,
        revision: bids.revision,
        sealed: bids.sealed,
      })
      .from(bids)
      .where(isNotNull(bids.sealed))
      .for('update');
    for (const bid of liveBids) {
      const blob = moved(
        bid.sealed,
        bidContext(bid.tenderId, bid.supplierId, bid.revision),
        `bid ${bid.id}`,
      );
      if (!blob) continue;
      await tx.update(bids).set({ sealed: blob }).where(eq(bids.id, bid.id));
      result.bids++;
    }

    const revisions = await tx
      .select({
        bidId: bidRevisions.bidId,
        revision: bidRevisions.revision,
        sealed: bidRevisions.sealed,
        tenderId: bids.tenderId,
        supplierId: bids.supplierId,
      })
      .from(bidRevisions)
      .innerJoin(bids, eq(bids.id, bidRevisions.bidId))
      .where(isNotNull(bidRevisions.sealed));
    for (const r of revisions) {
      const blob = moved(
        r.sealed,
        bidContext(r.tenderId, r.supplierId, r.revision),
        `bid ${r.bidId} revision ${r.revision}`,
      );
      if (!blob) continue;
      await tx
        .update(bidRevisions)
        .set({ sealed: blob })
        .where(and(eq(bidRevisions.bidId, r.bidId), eq(bidRevisions.revision, r.revision)));
      result.revisions++;
    }

    // Bid files: sealed chunk by chunk (the same rule the downloads use to recognise them).
    const sealedFiles = (
      await tx
        .select({ id: files.id })
        .from(files)
        .where(or(eq(files.ownerType, 'bid'), eq(files.sha256, '')))
    ).map((f) => f.id);
    for (const fileId of sealedFiles) {
      let seq = -1;
      for (;;) {
        // A few chunks at a time: a large file never sits whole in memory.
        const chunks = await tx
          .select({ seq: fileChunks.seq, data: fileChunks.data })
          .from(fileChunks)
          .where(and(eq(fileChunks.fileId, fileId), gt(fileChunks.seq, seq)))
          .orderBy(asc(fileChunks.seq))
          .limit(8);
        if (!chunks.length) break;
        for (const chunk of chunks) {
          seq = chunk.seq;
          let parsed: unknown;
          try {
            parsed = JSON.parse(chunk.data.toString('utf8'));
          } catch {
            continue; // Not ours: a bidder-encrypted file's own ciphertext.
          }
          const blob = moved(
            parsed,
            fileChunkContext(fileId, chunk.seq),
            `file ${fileId} chunk ${chunk.seq}`,
          );
          if (!blob) continue;
          await tx
            .update(fileChunks)
            .set({ data: Buffer.from(JSON.stringify(blob), 'utf8') })
            .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, chunk.seq)));
          result.chunks++;
        }
      }
    }
    const withFacts = await tx
      .select({ id: files.id, sealedFacts: files.sealedFacts })
      .from(files)
      .where(isNotNull(files.sealedFacts));
    for (const file of withFacts) {
      const blob = moved(file.sealedFacts, fileFactsContext(file.id), `file ${file.id} facts`);
      if (!blob) continue;
      await tx.update(files).set({ sealedFacts: blob }).where(eq(files.id, file.id));
      result.fileFacts++;
    }

    await tx
      .insert(installationSettings)
      .values({ key: SEAL_KEY_SETTING, value: fingerprint })
      .onConflictDoUpdate({ target: installationSettings.key, set: { value: fingerprint } });
    return result;
  });
}

/** Sessions on this database other than ours: a running server would keep sealing with the old key. */
export async function otherSessions(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
