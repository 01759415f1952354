import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { auth } from '@tender/contracts';
import { interfaces, powers, revokedTokens, rolePowers, roles, users } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { Forbidden, TokenInvalid, TokenRevoked } from '../lib/errors.js';
import { stripBearer, type TokenClaims } from '../lib/tokens.js';

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
    const query = request.query as { token?: string };
    if (query.token) return stripBearer(query.token);
  }
  return undefined;
}

/**
 * Verifies the token and reads, in one query, the user, the role, whether this token was
 * revoked, and whether the role is granted the interface being called: every instance reads
 * through to the database, so a change applies to the very next request everywhere.
 */
export async function authenticate(
  request: FastifyRequest,
  method?: string,
  path?: string,
): Promise<AuthUser> {
  const token = tokenOf(request);
  if (!token) throw new TokenInvalid('未登录，请先登录');
  const { db, tokens } = request.server.deps;
  const claims = await tokens.verify(token);
  request.tokenClaims = claims;
  const [row] = await db
    .select({
      userid: users.id,
      username: users.username,
      realName: users.realName,
      status: users.status,
      tokenVersion: users.tokenVersion,
      roleId: users.roleId,
      supplierId: users.supplierId,
      roleName: roles.roleName,
      roleStatus: roles.status,
      revoked: sql<boolean>`exists(select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${claims.jti})`,
      interfaceId: interfaces.id,
      open: interfaces.open,
      granted: sql<boolean>`exists(select 1 from ${rolePowers} where ${rolePowers.roleId} = ${users.roleId} and ${rolePowers.powerId} = ${interfaces.powerId})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(interfaces, and(eq(interfaces.method, method ?? ''), eq(interfaces.url, path ?? '')))
    .where(eq(users.id, claims.userId));
  if (!row) throw new TokenRevoked('账号不存在或已删除，请重新登录');
  if (row.status !== 'enabled') throw new TokenRevoked('账号已停用，请联系管理员');
  if (row.revoked || row.tokenVersion !== claims.tv) throw new TokenRevoked();
  request.interfaceGrant = {
    known: row.interfaceId !== null,
    open: row.open === true,
    granted: row.granted === true,
    roleEnabled: row.roleStatus === 'enabled',
  };
  return {
    userid: row.userid,
    username: row.username,
    realName: row.realName,
    roleId: row.roleId,
    roleName: row.roleName,
    supplierId: row.supplierId,
    isAdmin: row.roleName === ADMIN_ROLE,
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
