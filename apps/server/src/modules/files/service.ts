import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { fileApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { fileChunks, files, type FileOwnerType } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import type { SealedBlob } from '../../lib/seal.js';
import type { AuthUser } from '../../plugins/auth.js';

export type { FileOwnerType };

/** The bytes are stored in rows of this size. */
export const CHUNK_BYTES = 256 * 1024;
/** An upload nobody attached is gone after this long (on the clock). */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
/** Enough of the start of a file for the type detection (Office files read their first entries). */
export const DETECTION_BYTES = 1024 * 1024;

const { ALLOWED_FILE_EXTENSIONS, MAX_FILE_NAME_LENGTH } = fileApi;
export type AllowedExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

const fileGone = (id: number) => new NotFound(`文件 ${id} 不存在或已过期`);

// ---------------------------------------------------------------------------------------------
// Attaching uploads to a record, listing a record's files

/**
 * Makes `fileIds` exactly the files of (ownerType, ownerId). Each id must be an upload of
 * `userId` that is unattached (and, when `now` is given, not yet expired), or a file already
 * attached to this same owner. Files of the owner left out of `fileIds` are deleted with their
 * bytes. Runs inside the caller's transaction.
 */
export async function attachFiles(
  tx: Tx,
  input: {
    fileIds: number[];
    ownerType: FileOwnerType;
    ownerId: number;
    userId: number;
    /** The clock's time: unattached uploads older than a day count as gone. */
    now?: Date;
  },
): Promise<void> {
  const { ownerType, ownerId, userId, now } = input;
  const fileIds = [...new Set(input.fileIds)];
  const rows = fileIds.length
    ? await tx
        .select({
          id: files.id,
          uploadedBy: files.uploadedBy,
          ownerType: files.ownerType,
          ownerId: files.ownerId,
          createdAt: files.createdAt,
        })
        .from(files)
        .where(inArray(files.id, fileIds))
        .for('update')
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of fileIds) {
    const row = byId.get(id);
    if (!row) throw fileGone(id);
    const ownedHere = row.ownerType === ownerType && row.ownerId === ownerId;
    if (ownedHere) continue;
    // Another user's upload, or one the caller cannot see: as if it did not exist.
    if (row.uploadedBy !== userId) throw fileGone(id);
    if (row.ownerType !== null)
      throw new Invalid('fileIds', `文件 ${id} 已附在其他记录上，请重新上传`);
    if (now && row.createdAt.getTime() <= now.getTime() - UNATTACHED_TTL_MS) throw fileGone(id);
  }

  await tx
    .delete(files)
    .where(
      and(
        eq(files.ownerType, ownerType),
        eq(files.ownerId, ownerId),
        fileIds.length ? notInArray(files.id, fileIds) : undefined,
      ),
    );
  if (fileIds.length)
    await tx.update(files).set({ ownerType, ownerId }).where(inArray(files.id, fileIds));
}

export interface ListedFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  createdAt: string;
}

/**
 * The files of an owner as one JSON column of another query (read with `listedFilesFrom`): a
 * page that shows its documents needs no query of its own for them.
 */
export const listedFilesSql = (ownerType: FileOwnerType, ownerId: SQL) =>
  sql<unknown>`(select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'contentType', f.content_type, 'sha256', f.sha256, 'createdAt', f.created_at) order by f.id), '[]') from files f where f.owner_type = ${ownerType} and f.owner_id = ${ownerId})`;

export function listedFilesFrom(json: unknown): ListedFile[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as ListedFile[] | null;
  return (rows ?? []).map((row) => ({
    ...row,
    size: Number(row.size),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

export async function listFiles(
  db: Tx,
  ownerType: FileOwnerType,
  ownerId: number,
): Promise<ListedFile[]> {
  const rows = await db
    .select({
      id: files.id,
      name: files.name,
      size: files.size,
      contentType: files.contentType,
      sha256: files.sha256,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId)))
    .orderBy(asc(files.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

// ---------------------------------------------------------------------------------------------
// Who may read an attached file: each owner type registers its rule

export type FileReadPolicy = (ctx: {
  db: Db;
  user: AuthUser | null;
  file: {
    id: number;
    name: string;
    ownerType: FileOwnerType;
    ownerId: number;
    uploadedBy: number;
  };
  ip: string;
  now: Date;
}) => Promise<{ allowed: boolean; onRead?: (tx: Tx) => Promise<void> }>;

const readPolicies = new Map<FileOwnerType, FileReadPolicy>();

/** The owner's module decides who reads its files; without a policy nobody does (404). */
export function registerFileReadPolicy(ownerType: FileOwnerType, policy: FileReadPolicy): void {
  readPolicies.set(ownerType, policy);
}

// ---------------------------------------------------------------------------------------------
// Upload

/** What the name's extension promises, and which detected types keep that promise. */
interface Expectation {
  /** file-type's `ext` values that agree with the extension. */
  detected: string[];
  contentType: string;
}
const PDF: Expectation = { detected: ['pdf'], contentType: 'application/pdf' };
const JPEG: Expectation = { detected: ['jpg'], contentType: 'image/jpeg' };
const EXPECTED: Record<AllowedExtension, Expectation> = {
  pdf: PDF,
  // Word 97–2003 and Excel 97–2003 are both Compound File Binary containers.
  doc: { detected: ['cfb'], contentType: 'application/msword' },
  xls: { detected: ['cfb'], contentType: 'application/vnd.ms-excel' },
  // An Office file whose first entries do not say what it is detects as a plain zip.
  docx: {
    detected: ['docx', 'zip'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    detected: ['xlsx', 'zip'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  zip: { detected: ['zip', 'docx', 'xlsx', 'pptx'], contentType: 'application/zip' },
  jpg: JPEG,
  jpeg: JPEG,
  png: { detected: ['png', 'apng'], contentType: 'image/png' },
};

const ALLOWED_LIST = ALLOWED_FILE_EXTENSIONS.join('、');
// eslint-disable-next-line no-control-regex
const NAME_CONTROL = /[\u0000-\u001F\u007F]/;

/** The name is stored and sent back in Content-Disposition: a plain file name, nothing else. */
export function checkFileName(raw: string | undefined) {
  const name = (raw ?? '').trim();
  if (!name) throw new Invalid('file', '文件名不能为空');
  if (name.length > MAX_FILE_NAME_LENGTH)
    throw new Invalid('file', `文件名最多 ${MAX_FILE_NAME_LENGTH} 个字符`);
  if (/[/\\]/.test(name)) throw new Invalid('file', '文件名不能包含路径分隔符（/ 或 \\）');
  if (NAME_CONTROL.test(name)) throw new Invalid('file', '文件名不能包含控制字符（如 NUL）');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extension))
    throw new Invalid('file', `只能上传以下类型的文件：${ALLOWED_LIST}`);
  return { name, extension: extension as AllowedExtension };
}

/** The type the name's extension promises, refused when the bytes are something else. */
export async function contentTypeOf(head: Buffer, extension: AllowedExtension) {
  const expected = EXPECTED[extension];
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!detected || !expected.detected.includes(detected.ext))
    throw new Invalid(
      'file',
      `文件内容与扩展名 .${extension} 不符${detected ? `（实际为 ${detected.ext}）` : ''}，请上传真实的 ${extension} 文件`,
    );
  return expected.contentType;
}

type UploadPart = { filename: string; file: AsyncIterable<Buffer> & { truncated?: boolean } };

/** Seals and unseals stored chunks (bid files); provided by the bids module. */
export interface ChunkSealer {
  seal(fileId: number, seq: number, data: Buffer): Buffer;
  unseal(fileId: number, seq: number, data: Buffer): Buffer;
  roundSize(size: number): number;
  /** The real hash and size, kept sealed beside the file for its submission. */
  sealFacts(fileId: number, facts: { sha256: string; size: number }): SealedBlob;
}

/**
 * Reads the part as it arrives: hashes it, checks its type from the first bytes and its size
 * against the limit, and hands it on in CHUNK_BYTES pieces (the last one shorter).
 */
async function receive(
  part: UploadPart,
  extension: AllowedExtension,
  limitMb: number,
  write: (chunk: Buffer) => Promise<void>,
  /** Ciphertext (a bidder-encrypted attachment): no type to detect, at least this many bytes. */
  encrypted?: { minBytes: number },
) {
  const tooLarge = () => new Invalid('file', `文件大小不能超过 ${limitMb} MB`);
  const hash = createHash('sha256');
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let contentType: string | undefined = encrypted ? 'application/octet-stream' : undefined;

  const flush = async (all: boolean) => {
    if (pendingBytes < CHUNK_BYTES && !(all && pendingBytes > 0)) return;
    let joined = Buffer.concat(pending);
    while (joined.length >= CHUNK_BYTES || (all && joined.length > 0)) {
      await write(Buffer.from(joined.subarray(0, CHUNK_BYTES)));
      joined = joined.subarray(Math.min(CHUNK_BYTES, joined.length));
    }
    pending = joined.length ? [joined] : [];
    pendingBytes = joined.length;
  };

  try {
    for await (const chunk of part.file) {
      size += chunk.length;
      hash.update(chunk);
      if (contentType === undefined) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= DETECTION_BYTES) {
          contentType = await contentTypeOf(Buffer.concat(head), extension);
          head = [];
        }
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      await flush(false);
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  if (size === 0) throw new Invalid('file', '文件内容为空（0 字节），请选择有内容的文件');
  if (encrypted && size < encrypted.minBytes)
    throw new Invalid(
      'file',
      `加密文件格式不符：至少 ${encrypted.minBytes} 字节（12 字节 IV、密文、16 字节校验标签）`,
    );
  contentType ??= await contentTypeOf(Buffer.concat(head), extension);
  await flush(true);
  return { size, sha256: hash.digest('hex'), contentType };
}

/**
 * Stores one upload: the name is checked before any byte is read, then the bytes are hashed,
 * type-checked against the name's extension and written in CHUNK_BYTES rows, all in one
 * transaction, so a refused upload leaves nothing. On PostgreSQL the rows are written while the
 * bytes arrive; embedded PGlite has a single connection that a transaction holds for everyone,
 * so there the upload is received first (at most MAX_UPLOAD_MB) and written in a short
 * transaction. Stale unattached uploads of anyone are removed on the way (no background job).
 */
export async function storeUpload(
  deps: AppDeps,
  part: UploadPart,
  user: AuthUser,
  actor: Actor,
  /** Bid files (purpose=bid): chunks sealed, no plain SHA-256 or exact size in the row. */
  sealer?: ChunkSealer,
  /** purpose=sealed-bid: the bidder's browser encrypted the bytes (sealer required). */
  bidderEncrypted?: { minBytes: number },
) {
  const { name, extension } = checkFileName(part.filename);
  const limitMb = deps.config.maxUploadMb;
  const now = deps.clock.now();

  const store = async (
    tx: Tx,
    fill: (write: (chunk: Buffer) => Promise<void>) => Promise<{
      size: number;
      sha256: string;
      contentType: string;
    }>,
  ) => {
    await tx
      .delete(files)
      .where(
        and(
          isNull(files.ownerType),
          lt(files.createdAt, new Date(now.getTime() - UNATTACHED_TTL_MS)),
        ),
      );
    const [created] = await tx
      .insert(files)
      .values({
        name,
        contentType: 'application/octet-stream',
        size: 0,
        sha256: '',
        uploadedBy: user.userid,
        bidderEncrypted: Boolean(bidderEncrypted),
        createdAt: now,
      })
      .returning({ id: files.id });
    const fileId = created!.id;
    let seq = 0;
    const { size, sha256, contentType } = await fill(async (data) => {
      const stored = sealer ? sealer.seal(fileId, seq, data) : data;
      await tx.insert(fileChunks).values({ fileId, seq: seq++, data: stored });
    });
    const uploaded = { id: fileId, name, size, sha256, contentType };
    if (sealer) {
      // The uploader alone learns the real hash and size (in this answer).
      const kept = {
        size: sealer.roundSize(size),
        sha256: '',
        contentType,
        sealedFacts: sealer.sealFacts(fileId, { sha256, size }),
      };
      await tx.update(files).set(kept).where(eq(files.id, fileId));
      await recordAudit(tx, actor, {
        targetType: 'file',
        targetId: fileId,
        after: {
          id: fileId,
          name,
          purpose: bidderEncrypted ? 'sealed-bid' : 'bid',
          size: kept.size,
        },
      });
      return uploaded;
    }
    await tx.update(files).set({ size, sha256, contentType }).where(eq(files.id, fileId));
    await recordAudit(tx, actor, { targetType: 'file', targetId: fileId, after: uploaded });
    return uploaded;
  };

  if (deps.database.kind === 'postgres')
    return deps.db.transaction((tx) =>
      store(tx, (write) => receive(part, extension, limitMb, write, bidderEncrypted)),
    );

  const chunks: Buffer[] = [];
  const received = await receive(
    part,
    extension,
    limitMb,
    async (chunk) => {
      chunks.push(chunk);
    },
    bidderEncrypted,
  );
  return deps.db.transaction((tx) =>
    store(tx, async (write) => {
      for (const chunk of chunks) await write(chunk);
      return received;
    }),
  );
}

const isFileTooLarge = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

// ---------------------------------------------------------------------------------------------
// Download

/**
 * The file, if this caller may read it now: an unattached upload only by its uploader within a
 * day, an attached file by its owner type's policy. Anything else is 404, never 403, so that
 * nobody learns which ids exist. The policy's onRead (a download log) runs before the bytes go.
 */
export async function openForReading(
  deps: AppDeps,
  fileId: number,
  user: AuthUser | null,
  ip: string,
  sealer?: ChunkSealer,
) {
  const { db } = deps;
  const now = deps.clock.now();
  const [file] = await db
    .select({
      id: files.id,
      name: files.name,
      contentType: files.contentType,
      size: files.size,
      ownerType: files.ownerType,
      ownerId: files.ownerId,
      uploadedBy: files.uploadedBy,
      createdAt: files.createdAt,
      sha256: files.sha256,
    })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) throw fileGone(fileId);
  // Bid files are stored sealed (their row withholds the hash until the opening reveals it).
  const sealed = file.ownerType === 'bid' || file.sha256 === '';
  if (sealed && !sealer) throw fileGone(fileId);

  if (file.ownerType === null || file.ownerId === null) {
    const fresh = file.createdAt.getTime() > now.getTime() - UNATTACHED_TTL_MS;
    if (!user || file.uploadedBy !== user.userid || !fresh) throw fileGone(fileId);
  } else {
    const policy = readPolicies.get(file.ownerType);
    if (!policy) throw fileGone(fileId);
    const decision = await policy({
      db,
      user,
      file: {
        id: file.id,
        name: file.name,
        ownerType: file.ownerType,
        ownerId: file.ownerId,
        uploadedBy: file.uploadedBy,
      },
      ip,
      now,
    });
    if (!decision.allowed) throw fileGone(fileId);
    if (decision.onRead) await db.transaction(async (tx) => decision.onRead!(tx));
  }

  return {
    name: file.name,
    contentType: file.contentType,
    // A sealed file's row holds its size rounded up until the opening: no Content-Length then.
    size: sealed && file.sha256 === '' ? undefined : file.size,
    stream: Readable.from(storedChunks(db, file.id, sealed ? sealer : undefined)),
  };
}

/**
 * The stored chunks in order, a few at a time, so a large file never sits whole in memory;
 * unsealed when a sealer is given (bid files).
 */
export async function* storedChunks(db: Tx, fileId: number, sealer?: Pick<ChunkSealer, 'unseal'>) {
  let after = -1;
  for (;;) {
    const rows = await db
      .select({ seq: fileChunks.seq, data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileId, fileId), gt(fileChunks.seq, after)))
      .orderBy(asc(fileChunks.seq))
      .limit(4);
    for (const row of rows) yield sealer ? sealer.unseal(fileId, row.seq, row.data) : row.data;
    if (rows.length < 4) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/**
 * Replaces a file's bytes inside the caller's transaction, the new pieces arriving as a stream
 * (a bidder-encrypted attachment's plaintext at the opening): written in CHUNK_BYTES rows under
 * negative numbers (-1, -2 …) beside the old ones, which are then removed and the new ones
 * renumbered from 0. Reading the old rows (`storedChunks`, seq > -1) while the new ones are
 * written is therefore safe.
 */
export async function rewriteChunks(
  tx: Tx,
  fileId: number,
  pieces: AsyncIterable<Buffer>,
  sealer: Pick<ChunkSealer, 'seal'>,
) {
  let seq = 0;
  let pending = Buffer.alloc(0);
  const write = async (data: Buffer) => {
    // Sealed under its final number, so the renumbering below leaves it readable.
    const stored = sealer.seal(fileId, seq, data);
    await tx.insert(fileChunks).values({ fileId, seq: -1 - seq++, data: stored });
  };
  for await (const piece of pieces) {
    pending = Buffer.concat([pending, piece]);
    while (pending.length >= CHUNK_BYTES) {
      await write(Buffer.from(pending.subarray(0, CHUNK_BYTES)));
      pending = pending.subarray(CHUNK_BYTES);
    }
  }
  if (pending.length) await write(Buffer.from(pending));
  await tx.delete(fileChunks).where(and(eq(fileChunks.fileId, fileId), gt(fileChunks.seq, -1)));
  await tx
    .update(fileChunks)
    .set({ seq: sql`-1 - ${fileChunks.seq}` })
    .where(eq(fileChunks.fileId, fileId));
}
