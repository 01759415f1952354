import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rolePowers, roles } from '../../db/schema/index.js';
import { Forbidden } from '../../lib/errors.js';
import { ADMIN_ROLE, type AuthUser } from '../../plugins/auth.js';

/**
 * Delegation never escalates: a caller who is not admin may only hand out, or manage people
 * holding, powers it holds itself. Without this rule one delegated power (user:add,
 * role:edit …) is a path to a full administrator.
 */
async function powersOf(tx: Tx, roleId: number) {
  const rows = await tx
    .select({ id: rolePowers.powerId })
    .from(rolePowers)
    .where(eq(rolePowers.roleId, roleId));
  return new Set(rows.map((r) => r.id));
}

/** The caller may assign this role, or manage (edit, reset, disable, delete) a user holding it. */
export async function assertMayHandOutRole(tx: Tx, caller: AuthUser, roleId: number) {
  if (caller.isAdmin) return;
  const [target] = await tx
    .select({ roleName: roles.roleName })
    .from(roles)
    .where(eq(roles.id, roleId));
  if (!target) return; // the service's own existence check names the field
  if (target.roleName === ADMIN_ROLE)
    throw new Forbidden('只有管理员可以授予或管理管理员角色及其用户');
  const mine = await powersOf(tx, caller.roleId);
  const theirs = await powersOf(tx, roleId);
  if ([...theirs].some((id) => !mine.has(id)))
    throw new Forbidden(`角色 ${target.roleName} 拥有你没有的权限，不能授予或管理该角色及其用户`);
}

/** The caller may put these powers into a role only when it holds each of them. */
export async function assertMayGrantPowers(tx: Tx, caller: AuthUser, powerIds: number[]) {
  if (caller.isAdmin || powerIds.length === 0) return;
  const mine = await powersOf(tx, caller.roleId);
  const missing = powerIds.filter((id) => !mine.has(id));
  if (missing.length) throw new Forbidden(`不能授予自己没有的权限：${missing.join(', ')}`);
}

/** A role's own members (not admin) cannot change that role: it would widen their own access. */
export function assertNotOwnRole(caller: AuthUser, roleId: number) {
  if (!caller.isAdmin && caller.roleId === roleId) throw new Forbidden('不能修改自己所属的角色');
}

/**
 * The caller may change or delete a power only when its role holds it: renaming or moving a
 * power it lacks would reshape what other roles see.
 */
export async function assertMayEditPower(
  tx: Tx,
  caller: AuthUser,
  power: { id: number; title: string },
) {
  if (caller.isAdmin) return;
  if (!(await powersOf(tx, caller.roleId)).has(power.id))
    throw new Forbidden(`不能修改或删除自己没有的权限「${power.title}」`);
}
