import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { appendAuditRow } from './audit-chain.js';

/** Who is acting and through which interface; built once per request by addRoute. */
export interface Actor {
  userId: number | null;
  username: string | null;
  action: string;
  method: string;
  url: string;
  ip: string | null;
  requestId: string | null;
}

export interface AuditChange {
  targetType: string;
  targetId: string | number;
  before?: object | null;
  after?: object | null;
}

const SECRET_KEYS = new Set(['password', 'passwordHash', 'oldPassword', 'token']);

const withoutSecrets = (record: object | null | undefined) => {
  if (!record) return null;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    copy[key] = SECRET_KEYS.has(key)
      ? '******'
      : value instanceof Date
        ? value.toISOString()
        : value;
  }
  return copy;
};

/** Only the fields that differ, so the log shows what changed rather than whole rows. */
export function changedFields(beforeRow: object, afterRow: object) {
  const before = beforeRow as Record<string, unknown>;
  const after = afterRow as Record<string, unknown>;
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

/** JSON as jsonb will hand it back (dates as text, no undefined), so the chain hashes what is stored. */
const stored = (record: object | null | undefined) => {
  const plain = withoutSecrets(record);
  return plain === null ? null : (JSON.parse(JSON.stringify(plain)) as unknown);
};

/**
 * Written inside the caller's transaction: the change and its audit row commit together, and
 * the row joins the hash chain (lib/audit-chain.ts). Called with the database itself, it opens
 * a transaction of its own. Call it after the change's other writes: it holds the chain's lock
 * until the transaction ends.
 */
export async function recordAudit(tx: Tx, actor: Actor, change: AuditChange): Promise<void> {
  if (!(tx instanceof PgTransaction))
    return tx.transaction((inner) => recordAudit(inner, actor, change));
  await appendAuditRow(tx, {
    userId: actor.userId,
    username: actor.username,
    action: actor.action,
    method: actor.method,
    url: actor.url,
    targetType: change.targetType,
    targetId: String(change.targetId),
    before: stored(change.before),
    after: stored(change.after),
    ip: actor.ip,
    requestId: actor.requestId,
  });
}
