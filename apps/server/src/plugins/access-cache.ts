import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_CHANNEL, type Db } from '../db/client.js';
import { interfaces, powers, revokedTokens, rolePowers, roles, users } from '../db/schema/index.js';

/**
 * Who may do what, kept in memory so that a logged-in request needs no query: the user (status,
 * token version, revoked tokens), the roles with their powers, the interfaces and the menu.
 *
 * Correctness rests on one rule: every change to those tables makes PostgreSQL send
 * ACCESS_CHANNEL (statement triggers, migration 0005), and any notification empties the whole
 * cache. The connection that commits a change listens itself, and PostgreSQL hands a session
 * its own notifications before it reports the commit done, so the instance that made a change
 * has forgotten the old state before its own answer leaves. Other instances hear it on a
 * dedicated listening connection; while that connection is not known to be alive (a heartbeat
 * answered in the last HEARTBEAT_TRUST_MS), nothing is served from memory and every request
 * reads through, so a change applies everywhere within one second even if notifications are lost.
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

const HEARTBEAT_MS = 250;
const HEARTBEAT_TRUST_MS = 750;
const RECONNECT_MS = 200;
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
  /** Moves on at every change: a failed load only clears what it stored itself. */
  private generation = 0;
  private users = new Map<number, Promise<UserAccess | undefined>>();
  private policy: Promise<Policy> | undefined;
  private lastHeartbeat = 0;
  private closed = false;
  private listener: pg.Client | undefined;
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    /** PGlite: its one session hears every change, synchronously; no heartbeat needed. */
    private readonly alwaysListening: boolean,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether memory may be trusted right now. */
  get live() {
    if (this.closed) return false;
    return this.alwaysListening || Date.now() - this.lastHeartbeat < HEARTBEAT_TRUST_MS;
  }

  /** The backend of the listening connection (tests drop it to prove the reconnection). */
  get listenerPid(): number | undefined {
    return (this.listener as { processID?: number } | undefined)?.processID;
  }

  /** Forgets everything; loads under way when it happens are not kept. */
  invalidate = () => {
    this.generation++;
    this.users.clear();
    this.policy = undefined;
  };

  user(userId: number): Promise<UserAccess | undefined> {
    if (!this.live) return readUser(this.db, userId);
    const cached = this.users.get(userId);
    if (cached) return cached;
    if (this.users.size >= MAX_USERS) this.users.clear();
    return this.keep(readUser(this.db, userId), (loaded) => this.users.set(userId, loaded));
  }

  getPolicy(): Promise<Policy> {
    if (!this.live) return readPolicy(this.db);
    return this.policy ?? this.keep(readPolicy(this.db), (loaded) => (this.policy = loaded));
  }

  /**
   * Shares a load between concurrent requests. A change while it runs empties the maps, so a
   * load that may have read the old state is never served to a later request.
   */
  private keep<T>(load: Promise<T>, store: (p: Promise<T>) => void): Promise<T> {
    const generation = this.generation;
    store(load);
    // A failed load is not kept: the next request tries again.
    load.catch(() => generation === this.generation && this.invalidate());
    return load;
  }

  /** PostgreSQL: the dedicated listening connection, reconnected whenever it drops. */
  async listenOn(url: string) {
    const connect = async () => {
      if (this.closed) return;
      const client = new pg.Client({ connectionString: url, keepAlive: true });
      const dropped = () => {
        if (this.listener !== client) return;
        this.listener = undefined;
        this.lastHeartbeat = 0;
        this.invalidate();
        client.end().catch(() => {});
        this.later(connect, RECONNECT_MS);
      };
      client.on('error', (error) => {
        this.log?.warn({ err: error }, 'access notifications lost; reconnecting');
        dropped();
      });
      client.on('end', dropped);
      client.on('notification', this.invalidate);
      try {
        this.listener = client;
        await client.connect();
        await client.query(`listen ${ACCESS_CHANNEL}`);
        // Whatever changed while nobody listened is unknown: start afresh.
        this.invalidate();
        this.lastHeartbeat = Date.now();
        this.heartbeat(client);
      } catch {
        dropped();
      }
    };
    await connect();
  }

  private heartbeat(client: pg.Client) {
    this.later(async () => {
      if (this.listener !== client) return;
      try {
        await client.query('select 1');
        // Notifications sent before the answer were delivered before it.
        this.lastHeartbeat = Date.now();
      } catch {
        // 'error'/'end' reconnect.
      }
      this.heartbeat(client);
    }, HEARTBEAT_MS);
  }

  private later(run: () => unknown, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }
}

/** The cache of a database handle; transactions (other handles) always read through. */
const caches = new WeakMap<object, AccessCache>();
export const accessCacheOf = (db: object) => caches.get(db);
export const registerAccessCache = (db: Db, cache: AccessCache) => caches.set(db, cache);
