import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  notifications,
  participations,
  powers,
  rolePowers,
  roles,
  users,
} from '../../db/schema/index.js';
import { iso, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * One row per person, written inside the caller's transaction: the notice commits (or rolls
 * back) with the change that caused it. Duplicate user ids are written once.
 */
export async function notify(
  tx: Tx,
  userIds: number[],
  kind: NotificationKind,
  text: string,
  link: string | null,
  now: Date,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return;
  await tx
    .insert(notifications)
    .values(unique.map((userId) => ({ userId, kind, text, link, createdAt: now })));
}

/** The enabled users of these companies. */
export async function usersOfSuppliers(tx: Tx, supplierIds: number[]): Promise<number[]> {
  if (!supplierIds.length) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.supplierId, supplierIds), eq(users.status, 'enabled')));
  return rows.map((r) => r.id);
}

/** The enabled users of the companies signed up for a tender. */
export async function usersOfParticipants(tx: Tx, tenderId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(participations, eq(participations.supplierId, users.supplierId))
    .where(and(eq(participations.tenderId, tenderId), eq(users.status, 'enabled')));
  return rows.map((r) => r.id);
}

/** The enabled users whose enabled role holds `code` (the managers who act on it). */
export async function usersHoldingPower(tx: Tx, code: string): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(rolePowers, eq(rolePowers.roleId, roles.id))
    .innerJoin(powers, eq(powers.id, rolePowers.powerId))
    .where(and(eq(powers.code, code), eq(roles.status, 'enabled'), eq(users.status, 'enabled')));
  return rows.map((r) => r.id);
}

const unreadCountOf = async (deps: AppDeps, userId: number) => {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row!.n;
};

export async function listMyNotifications(
  deps: AppDeps,
  query: PageQuery & { unread?: boolean },
  user: AuthUser,
) {
  const where = and(
    eq(notifications.userId, user.userid),
    query.unread === true
      ? isNull(notifications.readAt)
      : query.unread === false
        ? sql`${notifications.readAt} is not null`
        : undefined,
  );
  const [rows, [total], unreadCount] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(notifications).where(where),
    unreadCountOf(deps, user.userid),
  ]);
  return {
    ...pageOf(
      rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        text: r.text,
        link: r.link,
        read: r.readAt !== null,
        readAt: iso(r.readAt),
        createdAt: r.createdAt.toISOString(),
      })),
      total!.n,
      query,
    ),
    unreadCount,
  };
}

/** Only the caller's own notices; an id of someone else's is silently not theirs to mark. */
export async function markRead(
  deps: AppDeps,
  input: { ids?: number[]; all?: boolean },
  user: AuthUser,
) {
  const now = deps.clock.now();
  const updated = await deps.db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, user.userid),
        isNull(notifications.readAt),
        input.all ? undefined : inArray(notifications.id, input.ids ?? []),
      ),
    )
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unreadCountOf(deps, user.userid) };
}
