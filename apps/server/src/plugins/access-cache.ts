import { asc, eq, sql } from 'drizzle-orm';
import { ACCESS_CHANNEL, type Db } from '../db/client.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { TableCache } from '../db/table-cache.js';
import { interfaces, powers, revokedTokens, rolePowers, roles, users } from '../db/schema/index.js';

/**
 * Who may do what, kept in memory so that a logged-in request needs no query: the user (status,
 * token version, revoked tokens), the roles with their powers, the interfaces and the menu.
 *
 * Correctness rests on one rule: every change to those tables makes PostgreSQL send
 * ACCESS_CHANNEL (statement triggers, migration 0007), and any notification empties the whole
 * cache — at once on the instance that made the change, within one second on the others, and
 * nothing is served from memory while that cannot be promised (db/change-feed.ts).
 */
export interface UserAccess {
  userid: number;
  username: string;
  realName: string;
  status: string;
  tokenVersion: number;
  roleId: number;
  supplierId: number | null;
  /** This user's tokens revoked by logout. */
  revokedJtis: Set<string>;
}

export interface RoleAccess {
  name: string;
  status: string;
  powerIds: Set<number>;
  powerCodes: Set<string>;
}

export interface PowerRow {
  id: number;
  type: string;
  superior: number;
  title: string;
  code: string | null;
  powerUrl: string | null;
  icon: string | null;
  hidden: boolean;
}

export interface Policy {
  roles: Map<number, RoleAccess>;
  /** By `METHOD path`. */
  interfaces: Map<string, { open: boolean; powerId: number | null }>;
  /** Every power, in menu order. */
  powers: PowerRow[];
}

/** The tables whose triggers notify ACCESS_CHANNEL (migration 0007). */
const ACCESS_TABLES = ['users', 'roles', 'role_powers', 'powers', 'interfaces', 'revoked_tokens'];
/** Users kept at most; past it the map starts again (a bound on memory, not a policy). */
const MAX_USERS = 20_000;

async function readUser(db: Db, userId: number): Promise<UserAccess | undefined> {
  const [row] = await db
    .select({
      userid: users.id,
      username: users.username,
      realName: users.realName,
      status: users.status,
      tokenVersion: users.tokenVersion,
      roleId: users.roleId,
      supplierId: users.supplierId,
      // Expired revocations are harmless: an expired token fails its signature check first.
      revoked: sql<
        string[]
      >`coalesce((select array_agg(${revokedTokens.jti}) from ${revokedTokens} where ${revokedTokens.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { revoked, ...user } = row;
  return { ...user, revokedJtis: new Set(revoked) };
}

async function readPolicy(db: Db): Promise<Policy> {
  const [roleRows, grantRows, interfaceRows, powerRows] = await Promise.all([
    db.select({ id: roles.id, name: roles.roleName, status: roles.status }).from(roles),
    db
      .select({ roleId: rolePowers.roleId, powerId: rolePowers.powerId, code: powers.code })
      .from(rolePowers)
      .innerJoin(powers, eq(powers.id, rolePowers.powerId)),
    db
      .select({
        method: interfaces.method,
        url: interfaces.url,
        open: interfaces.open,
        powerId: interfaces.powerId,
      })
      .from(interfaces),
    db
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
      .orderBy(asc(powers.sort), asc(powers.id)),
  ]);
  const roleMap = new Map<number, RoleAccess>(
    roleRows.map((r) => [
      r.id,
      { name: r.name, status: r.status, powerIds: new Set(), powerCodes: new Set() },
    ]),
  );
  for (const g of grantRows) {
    const role = roleMap.get(g.roleId);
    role?.powerIds.add(g.powerId);
    if (g.code) role?.powerCodes.add(g.code);
  }
  return {
    roles: roleMap,
    interfaces: new Map(
      interfaceRows.map((i) => [`${i.method} ${i.url}`, { open: i.open, powerId: i.powerId }]),
    ),
    powers: powerRows,
  };
}

export class AccessCache {
  private readonly users: TableCache<UserAccess | undefined>;
  private readonly policy: TableCache<Policy>;

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
  ) {
    const changedBy = { channel: ACCESS_CHANNEL, tables: ACCESS_TABLES };
    this.users = new TableCache(feed, { ...changedBy, maxEntries: MAX_USERS });
    this.policy = new TableCache(feed, { ...changedBy, maxEntries: 1 });
  }

  user(userId: number): Promise<UserAccess | undefined> {
    return this.users.get(String(userId), () => readUser(this.db, userId));
  }

  getPolicy(): Promise<Policy> {
    return this.policy.get('policy', () => readPolicy(this.db));
  }
}

/** The cache of a database handle; transactions (other handles) always read through. */
const caches = new WeakMap<object, AccessCache>();
export const accessCacheOf = (db: object) => caches.get(db);
export const registerAccessCache = (db: Db, cache: AccessCache) => caches.set(db, cache);
