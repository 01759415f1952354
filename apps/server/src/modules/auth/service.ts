import { eq, sql } from 'drizzle-orm';
import type { MenuEntry, UserMenu } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { revokedTokens, users } from '../../db/schema/index.js';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { AppError, Forbidden, Invalid, NotFound, TooMany } from '../../lib/errors.js';
import { assertPasswordNotGuessable, hashPassword, verifyPassword } from '../../lib/password.js';
import type { TokenClaims } from '../../lib/tokens.js';
import type { PowerRow } from '../../plugins/access-cache.js';
import type { AuthUser } from '../../plugins/auth.js';
import { replacePassword } from '../users/service.js';
import {
  clearFailures,
  lockedSeconds,
  lockedUntilOf,
  secondsLeft,
  loginKey,
  passwordChangeKey,
  recordFailure,
} from './attempts.js';

const WRONG_CREDENTIALS = '用户名或密码错误';

const lockedMessage = (seconds: number) =>
  `登录失败次数过多，已暂时锁定，请 ${Math.ceil(seconds / 60)} 分钟后再试`;

/**
 * Unknown user and wrong password answer alike, and both count towards the lock of that
 * username from that address (so the lock does not reveal which accounts exist). A success
 * clears the count. Every failure is audited, without the password.
 */
export async function login(deps: AppDeps, username: string, password: string, actor: Actor) {
  const { db, clock, config, tokens } = deps;
  const now = clock.now();
  const key = loginKey(username, actor.ip ?? '');
  // The account and its lock in one query; a name no account has is checked for a lock apart.
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      status: users.status,
      roleId: users.roleId,
      tokenVersion: users.tokenVersion,
      lockedUntil: lockedUntilOf(key),
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  const locked = user ? secondsLeft(user.lockedUntil, now) : await lockedSeconds(db, key, now);
  if (locked) throw new TooMany(lockedMessage(locked), locked);
  const passwordOk = await verifyPassword(user?.passwordHash, password);
  if (!user || !passwordOk) {
    const lockedFor = await db.transaction(async (tx) => {
      const seconds = await recordFailure(tx, key, now, config.lockout);
      await recordAudit(
        tx,
        {
          ...actor,
          userId: user?.id ?? null,
          username: username.trim().slice(0, 50),
          action: seconds ? '登录失败（已暂时锁定）' : '登录失败',
        },
        { targetType: 'user', targetId: user?.id ?? 0, after: { lockedForSeconds: seconds } },
      );
      return seconds;
    });
    if (lockedFor) throw new TooMany(lockedMessage(lockedFor), lockedFor);
    // Both fields are named: which of the two was wrong is exactly what must not be told.
    throw new AppError(400, WRONG_CREDENTIALS, {
      fields: [
        { field: 'username', message: WRONG_CREDENTIALS },
        { field: 'password', message: WRONG_CREDENTIALS },
      ],
    });
  }
  if (user.status !== 'enabled') throw new Forbidden('账号已停用，请联系管理员');
  await db.transaction(async (tx) => {
    // Guesses that raced this one may have locked the key while its hash was being checked.
    const lockedMeanwhile = await clearFailures(tx, key, now);
    if (lockedMeanwhile) throw new TooMany(lockedMessage(lockedMeanwhile), lockedMeanwhile);
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
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
    // Kept until the token would have expired, on the clock that checks expiry.
    await tx.delete(revokedTokens).where(sql`${revokedTokens.expiresAt} < ${deps.tokens.now()}`);
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
  const { db, clock, config } = deps;
  const now = clock.now();
  const key = passwordChangeKey(userId);
  const locked = await lockedSeconds(db, key, now);
  if (locked)
    throw new TooMany(`原密码错误次数过多，请 ${Math.ceil(locked / 60)} 分钟后再试`, locked);
  const [user] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new NotFound('用户不存在');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await db.transaction((tx) => recordFailure(tx, key, now, config.lockout));
    throw new Invalid('oldPassword', '原密码不正确');
  }
  if (input.oldPassword === input.password) throw new Invalid('password', '新密码不能与原密码相同');
  assertPasswordNotGuessable(input.password, user.username);
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
  const policy = await deps.access.getPolicy();
  const all = policy.powers;
  const role = policy.roles.get(user.roleId);
  const grantedIds = user.isAdmin
    ? all.map((p) => p.id)
    : role?.status === 'enabled'
      ? role.powerIds
      : [];
  const granted = new Set(grantedIds);
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
