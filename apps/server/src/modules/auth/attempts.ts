import { eq, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';

export interface AttemptPolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** A username tried from one address: the owner elsewhere is not locked out by a stranger. */
export const loginKey = (username: string, ip: string) =>
  `login:${username.trim().toLowerCase()}|${ip}`;
/** Wrong old passwords given by one signed-in user. */
export const passwordChangeKey = (userId: number) => `password:${userId}`;

/** Seconds a lock ending at `lockedUntil` still runs at `now`, or 0. */
export const secondsLeft = (lockedUntil: Date | null | undefined, now: Date) =>
  !lockedUntil || lockedUntil <= now
    ? 0
    : Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);

/** The key's lock end as a column of another query (a login reads it with the user). */
export const lockedUntilOf = (key: string) =>
  sql`(select la.locked_until from login_attempts la where la.key = ${key})`.mapWith(
    loginAttempts.lockedUntil,
  );

/** Seconds the key stays locked, or 0. */
export async function lockedSeconds(tx: Tx, key: string, now: Date) {
  const [row] = await tx
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  return secondsLeft(row?.lockedUntil, now);
}

/**
 * Counts one failure in a single statement (insert or update, computed from the old row), so
 * forty simultaneous wrong passwords count forty. Answers the seconds of a lock it started or
 * that was already running, else 0.
 */
export async function recordFailure(tx: Tx, key: string, now: Date, policy: AttemptPolicy) {
  const windowOpenSince = new Date(now.getTime() - policy.windowSeconds * 1000);
  const lockEnd = new Date(now.getTime() + policy.lockSeconds * 1000);
  const t = loginAttempts;
  const lockedNow = sql`${t.lockedUntil} is not null and ${t.lockedUntil} > ${now}`;
  const windowOpen = sql`${t.windowStart} > ${windowOpenSince}`;
  const counted = sql`(case when ${windowOpen} then ${t.failures} + 1 else 1 end)`;
  const [row] = await tx
    .insert(t)
    .values({
      key,
      failures: 1,
      windowStart: now,
      lockedUntil: policy.maxFailures <= 1 ? lockEnd : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${lockedNow} then ${t.failures} else ${counted} end`,
        windowStart: sql`case when ${lockedNow} or ${windowOpen} then ${t.windowStart} else ${now} end`,
        lockedUntil: sql`case when ${lockedNow} then ${t.lockedUntil} when ${counted} >= ${policy.maxFailures} then ${lockEnd}::timestamptz else null end`,
      },
    })
    .returning({ lockedUntil: t.lockedUntil });
  return secondsLeft(row?.lockedUntil, now);
}

/**
 * Clears the key's failures in one statement, answering the seconds of a lock it held (a wrong
 * guess that raced this success may have set one meanwhile; the caller then rolls back), or 0.
 */
export async function clearFailures(tx: Tx, key: string, now: Date) {
  const [row] = await tx
    .delete(loginAttempts)
    .where(eq(loginAttempts.key, key))
    .returning({ lockedUntil: loginAttempts.lockedUntil });
  return secondsLeft(row?.lockedUntil, now);
}

/** A new password lifts every lock on the account, from every address. */
export async function clearAccountLocks(tx: Tx, userId: number, username: string) {
  const escaped = username
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  await tx
    .delete(loginAttempts)
    .where(
      or(
        like(loginAttempts.key, `login:${escaped}|%`),
        eq(loginAttempts.key, passwordChangeKey(userId)),
      ),
    );
}
