import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { admin } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { DATA_CHANNEL, type Tx } from '../../db/client.js';
import { tableCacheOf } from '../../db/table-cache.js';
import { roles, suppliers, users } from '../../db/schema/index.js';
import { type Actor, changedFields, recordAudit } from '../../lib/audit.js';
import {
  Conflict,
  Invalid,
  NotFound,
  conflictOnUnique,
  isForeignKeyViolation,
} from '../../lib/errors.js';
import { offsetOf, pageOf, totalOfPage, type PageQuery } from '../../lib/paging.js';
import { assertPasswordNotGuessable, hashPassword } from '../../lib/password.js';
import { EXPORT_MAX_ROWS, keysetBatches } from '../../lib/xlsx-stream.js';
import { ADMIN_ROLE, type AuthUser } from '../../plugins/auth.js';
import { clearAccountLocks } from '../auth/attempts.js';
import { assertMayHandOutRole } from '../roles/delegation.js';
import {
  selectUsers,
  userFilterValues,
  usersPage,
  toAdminUser,
  userFilterWhere,
  type UserFilters,
} from './queries.js';

type InsertAdmin = z.output<typeof admin.insertAdminSchema>;
type UpdateAdmin = z.output<typeof admin.updateAdminSchema>;

const BIDDER_ROLE = 'bidder';

/**
 * 用户管理's pages as read, kept until a user, a role or a company changes (every filter and page
 * turn asks again; what they show changes far more rarely).
 */
const userPages = tableCacheOf<Awaited<ReturnType<typeof readUsersPage>>>({
  channel: DATA_CHANNEL,
  tables: ['users', 'roles', 'suppliers'],
  maxEntries: 1_000,
});

export function listUsers({ db, changes }: AppDeps, query: UserFilters & PageQuery) {
  const values = userFilterValues(query);
  const key = JSON.stringify([Object.entries(values).sort(), query.pageNum, query.pageSize]);
  return userPages(changes).get(key, () => readUsersPage(db, values, query));
}

async function readUsersPage(
  db: AppDeps['db'],
  values: ReturnType<typeof userFilterValues>,
  query: UserFilters & PageQuery,
) {
  const rows = await usersPage(db, values).execute({
    ...values,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  const total = await totalOfPage(rows, query, async () => {
    const [counted] = await db.select({ n: count() }).from(users).where(userFilterWhere(query));
    return counted!.n;
  });
  return pageOf(
    rows.map(({ total: _, ...row }) => toAdminUser(row)),
    total,
    query,
  );
}

/** The filtered users an export holds: as many as it may hold, counted before it is written. */
export async function exportedUserCount({ db }: AppDeps, filters: UserFilters) {
  const capped = db
    .select({ id: users.id })
    .from(users)
    .where(userFilterWhere(filters))
    .limit(EXPORT_MAX_ROWS)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  return counted!.n;
}

/** The filtered users in id order, in batches for a streamed export. */
export async function* exportedUsers({ db }: AppDeps, filters: UserFilters, batch?: number) {
  const read = (after: { userid: number } | undefined, limit: number) =>
    selectUsers(db)
      .where(and(userFilterWhere(filters), after && gt(users.id, after.userid)))
      .orderBy(asc(users.id))
      .limit(limit);
  for await (const rows of keysetBatches(read, { batch })) yield rows.map(toAdminUser);
}

export async function getUser(tx: Tx, userid: number) {
  const [row] = await selectUsers(tx).where(eq(users.id, userid));
  if (!row) throw new NotFound(`用户 ${userid} 不存在`);
  return toAdminUser(row);
}

async function roleNamed(tx: Tx, roleId: number) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw new Invalid('roleId', `角色 ${roleId} 不存在`);
  return role;
}

/** A bidder account belongs to exactly one supplier company; other accounts to none. */
async function checkSupplierLink(tx: Tx, roleName: string, supplierId: number | null | undefined) {
  if (roleName === BIDDER_ROLE && !supplierId)
    throw new Invalid('supplierId', '投标人账号必须关联供应商');
  if (roleName !== BIDDER_ROLE && supplierId)
    throw new Invalid('supplierId', '只有投标人账号可以关联供应商');
  if (supplierId) {
    const [supplier] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, supplierId));
    if (!supplier) throw new Invalid('supplierId', `供应商 ${supplierId} 不存在`);
  }
}

export const usernameTaken = (username: string) =>
  new Conflict(`用户名 ${username} 已存在`, 'username');

export async function checkUsernameFree(tx: Tx, username: string, exceptUserId?: number) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  if (taken) throw usernameTaken(username);
}

/** The last enabled admin keeps the system manageable: it cannot be removed, disabled or demoted. */
async function checkNotLastAdmin(tx: Tx, userid: number) {
  // Locks every enabled admin row: two admins disabling each other wait in turn, and the
  // second sees the first's change (PostgreSQL re-checks locked rows), so one admin remains.
  const enabledAdmins = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.roleName, ADMIN_ROLE), eq(users.status, 'enabled')))
    .for('update', { of: users });
  if (!enabledAdmins.some((admin) => admin.id !== userid))
    throw new Conflict('这是最后一个启用的管理员账号，不能删除、停用或改为其他角色');
}

const isEnabledAdmin = (user: { roleName: string; status: string }) =>
  user.roleName === ADMIN_ROLE && user.status === 'enabled';

export async function insertUser(
  deps: AppDeps,
  input: InsertAdmin,
  caller: AuthUser,
  actor: Actor,
) {
  assertPasswordNotGuessable(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  return conflictOnUnique(usernameTaken(input.username ?? ''), () =>
    deps.db.transaction(async (tx) => {
      await checkUsernameFree(tx, input.username);
      const role = await roleNamed(tx, input.roleId);
      await assertMayHandOutRole(tx, caller, input.roleId);
      await checkSupplierLink(tx, role.roleName, input.supplierId);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          realName: input.realName,
          phone: input.phone ?? null,
          email: input.email ?? null,
          roleId: input.roleId,
          status: input.status,
          supplierId: input.supplierId ?? null,
        })
        .returning({ userid: users.id });
      const created = await getUser(tx, row!.userid);
      await recordAudit(tx, actor, { targetType: 'user', targetId: row!.userid, after: created });
      return { userid: row!.userid };
    }),
  );
}

export async function updateUser(
  deps: AppDeps,
  input: UpdateAdmin,
  caller: AuthUser,
  actor: Actor,
) {
  return conflictOnUnique(usernameTaken(input.username ?? ''), () =>
    deps.db.transaction(async (tx) => {
      const before = await getUser(tx, input.userid);
      await assertMayHandOutRole(tx, caller, before.roleId);
      if (input.roleId) await assertMayHandOutRole(tx, caller, input.roleId);
      const self = input.userid === caller.userid;
      if (input.username && input.username !== before.username)
        await checkUsernameFree(tx, input.username, input.userid);
      const role = input.roleId ? await roleNamed(tx, input.roleId) : { roleName: before.roleName };
      const status = input.status ?? before.status;
      if (self && status === 'disabled') throw new Conflict('不能停用自己的账号');
      if (self && role.roleName !== before.roleName) throw new Conflict('不能修改自己的角色');
      if (isEnabledAdmin(before) && !isEnabledAdmin({ roleName: role.roleName, status })) {
        await checkNotLastAdmin(tx, input.userid);
      }
      const supplierId = input.supplierId !== undefined ? input.supplierId : before.supplierId;
      await checkSupplierLink(tx, role.roleName, supplierId);
      const changes = {
        username: input.username,
        realName: input.realName,
        phone: input.phone,
        email: input.email,
        roleId: input.roleId,
        status: input.status,
        supplierId: input.supplierId,
      };
      await tx
        .update(users)
        .set({
          ...changes,
          updatedAt: deps.clock.now(),
          // Disabling revokes every token the user holds, at once.
          ...(status === 'disabled' && before.status !== 'disabled'
            ? { tokenVersion: sql`${users.tokenVersion} + 1` }
            : {}),
        })
        .where(eq(users.id, input.userid));
      const after = await getUser(tx, input.userid);
      await recordAudit(tx, actor, {
        targetType: 'user',
        targetId: input.userid,
        ...changedFields(before, after),
      });
    }),
  );
}

/**
 * An account others' records point to (an expert's profile, a committee seat) stays: those
 * records are evidence. It can be disabled instead.
 */
const KEPT_FOR_RECORDS =
  '该用户是评标专家或曾任评标委员会成员，相关记录须保留，不能删除；可停用该账号，或在专家库中暂停该专家';

export async function deleteUser(deps: AppDeps, userid: number, caller: AuthUser, actor: Actor) {
  try {
    await deps.db.transaction(async (tx) => {
      const before = await getUser(tx, userid);
      await assertMayHandOutRole(tx, caller, before.roleId);
      if (userid === caller.userid) throw new Conflict('不能删除自己的账号');
      if (isEnabledAdmin(before)) await checkNotLastAdmin(tx, userid);
      await tx.delete(users).where(eq(users.id, userid));
      await recordAudit(tx, actor, { targetType: 'user', targetId: userid, before });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new Conflict(KEPT_FOR_RECORDS);
    throw error;
  }
}

/** A new password revokes every token issued before it and lifts a lock-out. */
export async function replacePassword(tx: Tx, userid: number, passwordHash: string, now: Date) {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userid))
    .returning({ username: users.username });
  if (user) await clearAccountLocks(tx, userid, user.username);
}

export async function resetPassword(
  deps: AppDeps,
  userid: number,
  password: string,
  caller: AuthUser,
  actor: Actor,
) {
  const target = await getUser(deps.db, userid);
  assertPasswordNotGuessable(password, target.username);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await getUser(tx, userid);
    await assertMayHandOutRole(tx, caller, target.roleId);
    await replacePassword(tx, userid, passwordHash, deps.clock.now());
    await recordAudit(tx, actor, {
      targetType: 'user',
      targetId: userid,
      after: { password: 'reset' },
    });
  });
}

export async function getMyInfo({ db }: AppDeps, userid: number) {
  const user = await getUser(db, userid);
  const [supplier] = user.supplierId
    ? await db
        .select({ id: suppliers.id, companyName: suppliers.companyName, status: suppliers.status })
        .from(suppliers)
        .where(eq(suppliers.id, user.supplierId))
    : [];
  return { ...user, supplier: supplier ?? null };
}

/** Only realName, phone and email: the schema refuses any other field. */
export async function updateMyInfo(
  deps: AppDeps,
  userid: number,
  input: z.output<typeof admin.updateMyInfoSchema>,
  actor: Actor,
) {
  await deps.db.transaction(async (tx) => {
    const before = await getUser(tx, userid);
    await tx
      .update(users)
      .set({
        realName: input.realName,
        phone: input.phone ?? null,
        email: input.email ?? null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, userid));
    const after = await getUser(tx, userid);
    await recordAudit(tx, actor, {
      targetType: 'user',
      targetId: userid,
      ...changedFields(before, after),
    });
  });
}
