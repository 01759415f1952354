import { createHash } from 'node:crypto';
import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { auditChainHead, auditLog } from '../db/schema/index.js';

/**
 * The tamper-evident audit trail: every audit row carries the previous row's hash and its own
 * hash over its canonical content and that previous hash. Rows are appended under the lock of
 * the one `audit_chain_head` row, in the transaction of the change they record, so concurrent
 * writers chain one after the other in id order and a rolled-back change leaves no link.
 */
export const GENESIS_HASH = '0'.repeat(64);
const HEAD_ID = 1;

/** What a row holds, as the chain sees it: JSON-safe values only. */
export interface ChainedContent {
  id: number;
  /** UTC, ISO 8601 with microseconds: PostgreSQL's own precision, so nothing is rounded away. */
  time: string;
  ip: string | null;
  userId: number | null;
  username: string | null;
  action: string;
  method: string;
  url: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const rowHash = (content: ChainedContent, prevHash: string) =>
  createHash('sha256')
    .update(canonicalJson({ ...content, prevHash }))
    .digest('hex');

/** The text form of a timestamp the chain hashes (to_char keeps the microseconds). */
const utcText = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Locks the head: every other audit writer waits here until this transaction ends. */
async function lockHead(tx: Tx) {
  const [head] = await tx
    .select({ lastId: auditChainHead.lastId, lastHash: auditChainHead.lastHash })
    .from(auditChainHead)
    .where(sql`${auditChainHead.id} = ${HEAD_ID}`)
    .for('update');
  if (!head) throw new Error('audit_chain_head has no row: migration 0006 did not run');
  return head;
}

const moveHead = (tx: Tx, lastId: number, lastHash: string) =>
  tx
    .update(auditChainHead)
    .set({ lastId, lastHash })
    .where(sql`${auditChainHead.id} = ${HEAD_ID}`);

export type NewAuditRow = Omit<ChainedContent, 'id' | 'time'>;

/**
 * Appends one row to the chain. Must run inside a transaction (the caller's): the id and the
 * time are drawn after the head lock is held, so ids, times and links all follow one order.
 */
export async function appendAuditRow(tx: Tx, row: NewAuditRow) {
  // One statement locks the head and draws the id and the time: an UPDATE holds the head's row
  // lock (every other writer waits here until this transaction ends) before its RETURNING is
  // evaluated, so ids, times and links all follow one order.
  const [drawn] = rowsOf<{ lastHash: string; id: string | number; time: string }>(
    await tx.execute(
      sql`update ${auditChainHead} set last_id = last_id where id = ${HEAD_ID}
          returning last_hash as "lastHash", nextval(pg_get_serial_sequence('audit_log', 'id')) as id,
            ${utcText(sql`clock_timestamp()`)} as time`,
    ),
  );
  if (!drawn) throw new Error('audit_chain_head has no row: migration 0006 did not run');
  const content: ChainedContent = { ...row, id: Number(drawn.id), time: drawn.time };
  const hash = rowHash(content, drawn.lastHash);
  // The row and the head's move in one statement too.
  const appended = tx.$with('appended').as(
    tx
      .insert(auditLog)
      .values({
        id: content.id,
        userId: row.userId,
        username: row.username,
        action: row.action,
        method: row.method,
        url: row.url,
        targetType: row.targetType,
        targetId: row.targetId,
        before: row.before,
        after: row.after,
        ip: row.ip,
        requestId: row.requestId,
        createdAt: sql`${content.time}::timestamptz`,
        prevHash: drawn.lastHash,
        hash,
      })
      .returning({ id: auditLog.id }),
  );
  await tx
    .with(appended)
    .update(auditChainHead)
    .set({ lastId: sql`(select id from ${appended})`, lastHash: hash })
    .where(sql`${auditChainHead.id} = ${HEAD_ID}`);
}

const chainColumns = {
  id: auditLog.id,
  time: utcText(auditLog.createdAt),
  ip: auditLog.ip,
  userId: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  method: auditLog.method,
  url: auditLog.url,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  requestId: auditLog.requestId,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};

const BATCH = 1000;

/**
 * Rows written before the chain existed (an upgraded installation) are chained at start-up, in
 * id order, after the head. Idempotent, and safe with two instances starting at once (the head
 * lock). Answers how many rows it chained.
 */
export async function chainUnsealedAuditRows(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const head = await lockHead(tx);
      const rows = await tx
        .select(chainColumns)
        .from(auditLog)
        .where(and(isNull(auditLog.hash), gt(auditLog.id, head.lastId ?? 0)))
        .orderBy(asc(auditLog.id))
        .limit(BATCH);
      let prev = head.lastHash;
      for (const { prevHash: _p, hash: _h, ...content } of rows) {
        const hash = rowHash(content, prev);
        await tx
          .update(auditLog)
          .set({ prevHash: prev, hash })
          .where(sql`${auditLog.id} = ${content.id}`);
        prev = hash;
      }
      if (rows.length) await moveHead(tx, rows.at(-1)!.id, prev);
      total += rows.length;
      return rows.length < BATCH;
    });
    if (done) return total;
  }
}

export interface ChainReport {
  ok: boolean;
  /** Rows checked. */
  checked: number;
  lastId: number | null;
  /** The last row's hash: written down outside the database, it anchors the chain so far. */
  lastHash: string;
  /** The first row whose link or content does not match, with why. */
  firstBroken: { id: number; time: string; reason: string } | null;
}

/**
 * Walks the whole chain in id order: each row's prev_hash must be the previous row's hash and
 * its hash must match its content; the head must point at the last row (rows cut off the end
 * are caught there). Reads in batches, so a long log never sits in memory.
 */
export async function verifyAuditChain(db: Tx): Promise<ChainReport> {
  const [head] = await db
    .select({ lastId: auditChainHead.lastId, lastHash: auditChainHead.lastHash })
    .from(auditChainHead)
    .where(sql`${auditChainHead.id} = ${HEAD_ID}`);
  let prev = GENESIS_HASH;
  let lastId: number | null = null;
  let lastTime = '';
  let checked = 0;
  const broken = (id: number, time: string, reason: string): ChainReport => ({
    ok: false,
    checked,
    lastId,
    lastHash: prev,
    firstBroken: { id, time, reason },
  });
  for (;;) {
    const rows = await db
      .select(chainColumns)
      .from(auditLog)
      .where(lastId === null ? undefined : gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    for (const { prevHash, hash, ...content } of rows) {
      if (hash === null) return broken(content.id, content.time, '未加入哈希链');
      if (prevHash !== prev)
        return broken(content.id, content.time, '与上一条记录的哈希不衔接（上一条被改动或删除）');
      if (rowHash(content, prev) !== hash)
        return broken(content.id, content.time, '内容与其哈希不符（记录被改动）');
      prev = hash;
      lastId = content.id;
      lastTime = content.time;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  if (!head) return broken(0, '', '哈希链头缺失');
  if ((head.lastId ?? null) !== lastId || head.lastHash !== prev)
    return broken(lastId ?? 0, lastTime, '链尾与链头记录不符（末尾的记录被删除）');
  return { ok: true, checked, lastId, lastHash: prev, firstBroken: null };
}
