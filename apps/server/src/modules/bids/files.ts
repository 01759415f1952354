import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { bids, files } from '../../db/schema/index.js';
import { Invalid } from '../../lib/errors.js';
import { seal, unseal, type MasterKey, type SealedBlob } from '../../lib/seal.js';
import type { AppDeps } from '../../app-deps.js';
import { holdsPower } from '../../plugins/auth.js';
import { registerFileReadPolicy, storedChunks, type ChunkSealer } from '../files/service.js';
import { masterKeyOf } from '../../lib/sealed-bid.js';
import { currentMember } from '../evaluation/members.js';
import { jsonRows } from './json-rows.js';

/**
 * Bid attachments (uploads with purpose=bid) are stored sealed chunk by chunk: each chunk row
 * holds the JSON of a SealedBlob bound to `file:<id>:<seq>`. The files row keeps no SHA-256
 * ('') and only the size rounded up to 64 KiB; the real ones are computed at submission and
 * sealed into the bid, and written back to the files row by the opening.
 */
export const BID_FILE_SIZE_STEP = 64 * 1024;

export const roundedSize = (size: number) =>
  Math.max(1, Math.ceil(size / BID_FILE_SIZE_STEP)) * BID_FILE_SIZE_STEP;

export const fileChunkContext = (fileId: number, seq: number) => `file:${fileId}:${seq}`;

export const fileFactsContext = (fileId: number) => `file:${fileId}:facts`;

interface FileFacts {
  sha256: string;
  size: number;
}

export function sealChunk(key: MasterKey, fileId: number, seq: number, data: Buffer): Buffer {
  return Buffer.from(JSON.stringify(seal(key, data, fileChunkContext(fileId, seq))), 'utf8');
}

export function unsealChunk(key: MasterKey, fileId: number, seq: number, stored: Buffer): Buffer {
  const blob = JSON.parse(stored.toString('utf8')) as SealedBlob;
  return unseal(key, blob, fileChunkContext(fileId, seq));
}

/** A bid upload is recognisable by its withheld SHA-256 (every other upload stores one). */
export const isSealedFile = (file: { sha256: string }) => file.sha256 === '';

/**
 * The real SHA-256 and size of a bid's attachments, read by unsealing them; refuses a file that
 * was not uploaded as a bid file of this tender's seal mode (a plain upload's hash and size
 * would tell the others too much; a `bidder`-mode bid takes only ciphertext, and the reverse).
 * For a bidder-encrypted file these are the facts of its ciphertext.
 */
export async function bidFileFacts(
  tx: Tx,
  key: MasterKey,
  fileIds: number[],
  sealMode: 'server' | 'bidder',
) {
  if (!fileIds.length) return [];
  const rows = await tx
    .select({
      id: files.id,
      sha256: files.sha256,
      bidderEncrypted: files.bidderEncrypted,
      sealedFacts: files.sealedFacts,
    })
    .from(files)
    .where(inArray(files.id, fileIds));
  const facts: ({ id: number } & FileFacts)[] = [];
  const sealer = {
    unseal: (fileId: number, seq: number, data: Buffer) => unsealChunk(key, fileId, seq, data),
  };
  for (const id of fileIds) {
    const row = rows.find((r) => r.id === id);
    if (!row || !isSealedFile(row))
      throw new Invalid('fileIds', `文件 ${id} 不是投标文件，请以投标文件方式（purpose=bid）上传`);
    if (sealMode === 'bidder' && !row.bidderEncrypted)
      throw new Invalid(
        'fileIds',
        `文件 ${id} 未经投标人加密：投标人加密模式的附件须在浏览器中加密后以 purpose=sealed-bid 上传`,
      );
    if (sealMode === 'server' && row.bidderEncrypted)
      throw new Invalid(
        'fileIds',
        `文件 ${id} 是投标人加密的附件，本项目为服务器密封模式，请以 purpose=bid 上传原文件`,
      );
    facts.push({
      id,
      ...(row.sealedFacts
        ? (JSON.parse(
            unseal(key, row.sealedFacts, fileFactsContext(id)).toString('utf8'),
          ) as FileFacts)
        : await readFacts(tx, id, sealer)),
    });
  }
  return facts;
}

/** An upload from before its facts were sealed beside it: read and hash the whole file. */
async function readFacts(tx: Tx, id: number, sealer: Pick<ChunkSealer, 'unseal'>) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of storedChunks(tx, id, sealer)) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * The size a bid file's own supplier sees before the opening (its receipt lists names and
 * sizes): the real one, sealed beside the file at upload; the row keeps only the rounded size.
 */
export function bidFileSize(
  deps: Pick<AppDeps, 'config'>,
  file: { id: number; size: number; sealedFacts: SealedBlob | null },
): number {
  if (!file.sealedFacts) return file.size;
  try {
    const facts = unseal(masterKeyOf(deps), file.sealedFacts, fileFactsContext(file.id));
    return (JSON.parse(facts.toString('utf8')) as FileFacts).size;
  } catch {
    // Facts that do not unseal (altered): the list still answers, with the rounded size.
    return file.size;
  }
}

/** The opening reveals the attachments' facts too: all of them in one statement. */
export async function revealFileFacts(tx: Tx, facts: ({ id: number } & FileFacts)[]) {
  if (!facts.length) return;
  await tx.execute(sql`
    update files set sha256 = v.sha256, size = v.size
    from jsonb_to_recordset(${jsonRows(
      facts.map(({ id, sha256, size }) => ({ id, sha256, size })),
    )}::jsonb) as v(id int, sha256 text, size bigint)
    where files.id = v.id`);
}

/** Whether the bid a file belongs to has been opened (for the download rule). */
export async function bidOfFile(db: Db, bidId: number) {
  const [bid] = await db
    .select({ supplierId: bids.supplierId, tenderId: bids.tenderId, openedAt: bids.openedAt })
    .from(bids)
    .where(eq(bids.id, bidId));
  return bid;
}

/** The sealer the files module uses for bid uploads and their downloads. */
export function bidChunkSealer(deps: Pick<AppDeps, 'config'>): ChunkSealer {
  const key = masterKeyOf(deps);
  return {
    seal: (fileId, seq, data) => sealChunk(key, fileId, seq, data),
    unseal: (fileId, seq, data) => unsealChunk(key, fileId, seq, data),
    roundSize: roundedSize,
    sealFacts: (fileId, facts) =>
      seal(key, Buffer.from(JSON.stringify(facts), 'utf8'), fileFactsContext(fileId)),
  };
}

/**
 * Who reads a bid file: nobody before its bid has been opened — its own supplier's users
 * neither (sealed is sealed for them too, PRODUCT.md: an account an administrator links to the
 * company, or one whose password was reset, must not read it); afterwards its own supplier's
 * users, managers (menu:tender_list) and the tender's pledged committee members. Everyone else,
 * and everyone before: 404.
 */
registerFileReadPolicy('bid', async ({ db, user, file }) => {
  if (!user) return { allowed: false };
  const bid = await bidOfFile(db, file.ownerId);
  if (!bid?.openedAt) return { allowed: false };
  if (user.supplierId !== null && user.supplierId === bid.supplierId) return { allowed: true };
  if (await holdsPower(db, user, 'menu:tender_list')) return { allowed: true };
  // The tender's evaluation committee reads the opened bids, each member once pledged.
  const member = await currentMember(db, bid.tenderId, user.userid).catch(() => null);
  return { allowed: Boolean(member?.pledgedAt) };
});
