import { and, asc, eq, sql } from 'drizzle-orm';
import type { MenuEntry, UserMenu } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { powers, revokedTokens, rolePowers, roles, users } from '../../db/schema/index.js';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { AppError, Forbidden, Invalid, NotFound, TooMany } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { TokenClaims } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import { replacePassword } from '../users/service.js';

const WRONG_CREDENTIALS = '用户名或密码错误';

const lockedMessage = (seconds: number) =>
  `登录失败次数过多，账号已锁定，请 ${Math.ceil(seconds / 60)} 分钟后再试`;

/**
 * Unknown user and wrong password answer alike. Repeated failures within the window lock
 * the account for a while; a success clears the count.
 */
export async function login(deps: AppDeps, username: string, password: string, actor: Actor) {
  const { db, clock, config, tokens } = deps;
  const now = clock.now();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  if (user?.lockedUntil && user.lockedUntil > now) {
    const seconds = Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 1000);
    throw new TooMany(lockedMessage(seconds), seconds);
  }
  const passwordOk = await verifyPassword(user?.passwordHash, password);
  if (!user) throw new AppError(400, WRONG_CREDENTIALS);
  if (!passwordOk) {
    const { maxFailures, windowSeconds, lockSeconds } = config.lockout;
    const windowOpen =
      user.failedLoginSince &&
      now.getTime() - user.failedLoginSince.getTime() < windowSeconds * 1000;
    const failures = windowOpen ? user.failedLoginCount + 1 : 1;
    const lock = failures >= maxFailures;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          failedLoginCount: lock ? 0 : failures,
          failedLoginSince: lock ? null : windowOpen ? user.failedLoginSince : now,
          lockedUntil: lock ? new Date(now.getTime() + lockSeconds * 1000) : null,
        })
        .where(eq(users.id, user.id));
      if (lock) {
        await recordAudit(
          tx,
          {
            ...actor,
            userId: user.id,
            username: user.username,
            action: '账号因连续登录失败被锁定',
          },
          {
            targetType: 'user',
            targetId: user.id,
            after: { lockedForSeconds: lockSeconds, failures },
          },
        );
      }
    });
    if (lock) throw new TooMany(lockedMessage(lockSeconds), lockSeconds);
    throw new AppError(400, WRONG_CREDENTIALS);
  }
  if (user.status !== 'enabled') throw new Forbidden('账号已停用，请联系管理员');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ failedLoginCount: 0, failedLoginSince: null, lockedUntil: null, lastLoginAt: now })
      .where(eq(users.id, user.id));
    await recordAudit(
      tx,
      { ...actor, userId: user.id, username: user.username },
      { targetType: 'user', targetId: user.id },
    );
  });
  return tokens.issue({ roleId: user.roleId, userId: user.id, tv: user.tokenVersion });
}

/** Revokes this one token; the user's other sessions stay signed in. */
export async function logout(deps: AppDeps, claims: TokenClaims, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(revokedTokens)
      .values({ jti: claims.jti, userId: claims.userId, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing();
    await tx.delete(revokedTokens).where(sql`${revokedTokens.expiresAt} < ${deps.clock.now()}`);
    await recordAudit(tx, actor, { targetType: 'user', targetId: claims.userId });
  });
}

/** Changing one's password revokes every token issued before (the token version moves on). */
export async function changeOwnPassword(
  deps: AppDeps,
  userId: number,
  input: { oldPassword: string; password: string },
  actor: Actor,
) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound('用户不存在');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw new Invalid('oldPassword', '原密码不正确');
  }
  if (input.oldPassword === input.password) throw new Invalid('password', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await replacePassword(tx, userId, passwordHash, deps.clock.now());
    await recordAudit(tx, actor, {
      targetType: 'user',
      targetId: userId,
      after: { password: 'changed' },
    });
  });
}

interface PowerRow {
  id: number;
  type: string;
  superior: number;
  title: string;
  code: string | null;
  powerUrl: string | null;
  icon: string | null;
  hidden: boolean;
}

/**
 * The sidebar tree of the role's group and menu powers. A granted menu brings its ancestors
 * along, so a role given only a screen still reaches it through its group.
 */
export function buildMenuTree(all: PowerRow[], granted: Set<number>): MenuEntry[] {
  const children = new Map<number, PowerRow[]>();
  for (const p of all) {
    if (p.type === 'button') continue;
    children.set(p.superior, [...(children.get(p.superior) ?? []), p]);
  }
  const build = (superior: number): MenuEntry[] =>
    (children.get(superior) ?? []).flatMap((p) => {
      const subList = build(p.id);
      if (!granted.has(p.id) && subList.length === 0) return [];
      return [
        {
          id: p.id,
          powerUrl: p.powerUrl ?? '',
          title: p.title,
          icon: p.icon,
          hidden: p.hidden,
          subList,
        },
      ];
    });
  return build(0);
}

export async function menuOf(deps: AppDeps, user: AuthUser): Promise<UserMenu> {
  const { db } = deps;
  const all = await db
    .select({
      id: powers.id,
      type: powers.type,
      superior: powers.superior,
      title: powers.title,
      code: powers.code,
      powerUrl: powers.powerUrl,
      icon: powers.icon,
      hidden: powers.hidden,
    })
    .from(powers)
    .orderBy(asc(powers.sort), asc(powers.id));
  const grantedRows = user.isAdmin
    ? all
    : await db
        .select({ id: rolePowers.powerId })
        .from(rolePowers)
        .innerJoin(roles, eq(roles.id, rolePowers.roleId))
        .where(and(eq(rolePowers.roleId, user.roleId), eq(roles.status, 'enabled')));
  const granted = new Set(grantedRows.map((r) => r.id));
  return {
    menuList: buildMenuTree(all, granted),
    realName: user.realName,
    userid: user.userid,
    username: user.username,
    roleId: user.roleId,
    roleName: user.roleName,
    roles: [user.roleName],
    buttons: all
      .filter((p) => p.type === 'button' && p.code && granted.has(p.id))
      .map((p) => p.code!),
  };
}
