import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { auth } from '@tender/contracts';
import { powers, rolePowers, roles } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { Forbidden, TokenInvalid, TokenRevoked } from '../lib/errors.js';
import { stripBearer, type TokenClaims } from '../lib/tokens.js';
import { accessCacheOf } from './access-cache.js';

export const ADMIN_ROLE = 'admin';

export interface AuthUser {
  userid: number;
  username: string;
  realName: string;
  roleId: number;
  roleName: string;
  supplierId: number | null;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    tokenClaims?: TokenClaims;
    /** Whether this caller's role may call this interface; read with the user in one query. */
    interfaceGrant?: { known: boolean; open: boolean; granted: boolean; roleEnabled: boolean };
  }
}

function tokenOf(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (header) return stripBearer(header);
  // The original client may pass the token as a parameter of list-menu-by-user only.
  const routePath = request.routeOptions.url ?? '';
  if (routePath.endsWith(auth.listMenuByUser.path)) {
    // Repeated (?token=a&token=b) it arrives as an array: no single token, so none.
    const { token } = request.query as { token?: unknown };
    if (typeof token === 'string' && token) return stripBearer(token);
  }
  return undefined;
}

/**
 * Verifies the token, then checks the user, the role, whether this token was revoked and
 * whether the role is granted the interface being called — from the access cache, which every
 * change to those empties on this instance at once and on the others within a second
 * (plugins/access-cache.ts).
 */
export async function authenticate(
  request: FastifyRequest,
  method?: string,
  path?: string,
): Promise<AuthUser> {
  const token = tokenOf(request);
  if (!token) throw new TokenInvalid('未登录，请先登录');
  const { tokens, access } = request.server.deps;
  const claims = await tokens.verify(token);
  request.tokenClaims = claims;
  const [user, policy] = await Promise.all([access.user(claims.userId), access.getPolicy()]);
  const role = user && policy.roles.get(user.roleId);
  if (!user || !role) throw new TokenRevoked('账号不存在或已删除，请重新登录');
  if (user.status !== 'enabled') throw new TokenRevoked('账号已停用，请联系管理员');
  if (user.revokedJtis.has(claims.jti) || user.tokenVersion !== claims.tv) throw new TokenRevoked();
  const target = policy.interfaces.get(`${method ?? ''} ${path ?? ''}`);
  request.interfaceGrant = {
    known: target !== undefined,
    open: target?.open === true,
    granted: target?.powerId != null && role.powerIds.has(target.powerId),
    roleEnabled: role.status === 'enabled',
  };
  return {
    userid: user.userid,
    username: user.username,
    realName: user.realName,
    roleId: user.roleId,
    roleName: role.name,
    supplierId: user.supplierId,
    isAdmin: role.name === ADMIN_ROLE,
  };
}

/**
 * admin may call everything; anyone else only interfaces flagged open or bound to a power
 * their (enabled) role holds. Unknown interfaces and interfaces without a power are denied.
 */
export function authorize(request: FastifyRequest) {
  const user = request.user;
  const grant = request.interfaceGrant;
  if (!user || !grant) throw new TokenInvalid();
  if (user.isAdmin) return;
  if (grant.known && grant.open) return;
  if (grant.known && grant.granted && grant.roleEnabled) return;
  throw new Forbidden('当前角色无权调用此接口');
}

/**
 * Whether the caller's enabled role holds a power, for routes several roles share (a tender's
 * detail: managers see every tender, bidders only published ones): admin holds every power.
 */
export async function holdsPower(db: Db, user: AuthUser, code: string): Promise<boolean> {
  if (user.isAdmin) return true;
  // The app's own handle answers from the access cache; a transaction reads its own snapshot.
  const cache = accessCacheOf(db);
  if (cache) {
    const role = (await cache.getPolicy()).roles.get(user.roleId);
    return role?.status === 'enabled' && role.powerCodes.has(code);
  }
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(rolePowers)
    .innerJoin(powers, eq(powers.id, rolePowers.powerId))
    .innerJoin(roles, eq(roles.id, rolePowers.roleId))
    .where(
      and(eq(rolePowers.roleId, user.roleId), eq(powers.code, code), eq(roles.status, 'enabled')),
    )
    .limit(1);
  return row !== undefined;
}
