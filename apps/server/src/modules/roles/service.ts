import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { role } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { powers, rolePowers, roles, users } from '../../db/schema/index.js';
import { type Actor, changedFields, recordAudit } from '../../lib/audit.js';
import { Conflict, Invalid, NotFound, conflictOnUnique } from '../../lib/errors.js';
import { iso, likePattern, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { ADMIN_ROLE, type AuthUser } from '../../plugins/auth.js';
import { assertMayGrantPowers, assertMayHandOutRole, assertNotOwnRole } from './delegation.js';

const userCount = count(users.id);

const selectRoles = (tx: Tx) =>
  tx
    .select({
      roleId: roles.id,
      roleName: roles.roleName,
      description: roles.description,
      status: roles.status,
      builtIn: roles.builtIn,
      userCount,
      createdAt: roles.createdAt,
    })
    .from(roles)
    .leftJoin(users, eq(users.roleId, roles.id))
    .groupBy(roles.id);

type RoleRow = Awaited<ReturnType<ReturnType<typeof selectRoles>['execute']>>[number];
const toRole = (row: RoleRow) => ({ ...row, createdAt: iso(row.createdAt)! });

export async function listRoles({ db }: AppDeps, query: PageQuery & { roleName?: string }) {
  const where = query.roleName ? ilike(roles.roleName, likePattern(query.roleName)) : undefined;
  const [rows, [total]] = await Promise.all([
    selectRoles(db)
      .where(where)
      .orderBy(asc(roles.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return pageOf(rows.map(toRole), total!.n, query);
}

export async function getRole(tx: Tx, roleId: number) {
  const [row] = await selectRoles(tx).where(eq(roles.id, roleId));
  if (!row) throw new NotFound(`角色 ${roleId} 不存在`);
  const held = await tx
    .select({ id: rolePowers.powerId })
    .from(rolePowers)
    .where(eq(rolePowers.roleId, roleId));
  return { ...toRole(row), powerIds: held.map((p) => p.id).sort((a, b) => a - b) };
}

async function checkPowersExist(tx: Tx, powerIds: number[]) {
  const unique = [...new Set(powerIds)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: powers.id }).from(powers).where(inArray(powers.id, unique));
  const missing = unique.filter((id) => !found.some((p) => p.id === id));
  if (missing.length) throw new Invalid('powerIds', `权限不存在：${missing.join(', ')}`);
  return unique;
}

async function setPowers(tx: Tx, roleId: number, powerIds: number[]) {
  await tx.delete(rolePowers).where(eq(rolePowers.roleId, roleId));
  if (powerIds.length)
    await tx.insert(rolePowers).values(powerIds.map((powerId) => ({ roleId, powerId })));
}

const nameTaken = (roleName: string) => new Conflict(`角色名称 ${roleName} 已存在`, 'roleName');

export async function insertRole(
  deps: AppDeps,
  input: z.output<typeof role.insertRoleSchema>,
  caller: AuthUser,
  actor: Actor,
) {
  return conflictOnUnique(nameTaken(input.roleName), () =>
    deps.db.transaction(async (tx) => {
      await assertMayGrantPowers(tx, caller, input.powerIds);
      const [taken] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.roleName, input.roleName));
      if (taken) throw nameTaken(input.roleName);
      const powerIds = await checkPowersExist(tx, input.powerIds);
      const [row] = await tx
        .insert(roles)
        .values({
          roleName: input.roleName,
          description: input.description ?? null,
          status: input.status,
        })
        .returning({ roleId: roles.id });
      await setPowers(tx, row!.roleId, powerIds);
      await recordAudit(tx, actor, {
        targetType: 'role',
        targetId: row!.roleId,
        after: await getRole(tx, row!.roleId),
      });
      return row!;
    }),
  );
}

/** A change of powers applies to the role's next request: nothing is cached per role. */
export async function updateRole(
  deps: AppDeps,
  input: z.output<typeof role.updateRoleSchema>,
  caller: AuthUser,
  actor: Actor,
) {
  await conflictOnUnique(nameTaken(input.roleName ?? ''), () =>
    deps.db.transaction(async (tx) => {
      const before = await getRole(tx, input.roleId);
      assertNotOwnRole(caller, input.roleId);
      await assertMayHandOutRole(tx, caller, input.roleId);
      if (input.powerIds) await assertMayGrantPowers(tx, caller, input.powerIds);
      if (input.roleName && input.roleName !== before.roleName) {
        if (before.builtIn) throw new Conflict(`内置角色 ${before.roleName} 不能改名`);
        const [taken] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(eq(roles.roleName, input.roleName));
        if (taken) throw nameTaken(input.roleName);
      }
      if (before.roleName === ADMIN_ROLE && input.status === 'disabled')
        throw new Conflict('不能停用管理员角色');
      await tx
        .update(roles)
        .set({
          roleName: input.roleName,
          description: input.description,
          status: input.status,
          updatedAt: deps.clock.now(),
        })
        .where(eq(roles.id, input.roleId));
      if (input.powerIds)
        await setPowers(tx, input.roleId, await checkPowersExist(tx, input.powerIds));
      const after = await getRole(tx, input.roleId);
      await recordAudit(tx, actor, {
        targetType: 'role',
        targetId: input.roleId,
        ...changedFields(before, after),
      });
    }),
  );
}

export async function deleteRole(deps: AppDeps, roleId: number, caller: AuthUser, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const before = await getRole(tx, roleId);
    assertNotOwnRole(caller, roleId);
    await assertMayHandOutRole(tx, caller, roleId);
    if (before.builtIn) throw new Conflict(`内置角色 ${before.roleName} 不能删除`);
    if (before.userCount > 0)
      throw new Conflict(`仍有 ${before.userCount} 个用户使用角色 ${before.roleName}，不能删除`);
    await tx.delete(roles).where(eq(roles.id, roleId));
    await recordAudit(tx, actor, { targetType: 'role', targetId: roleId, before });
  });
}
