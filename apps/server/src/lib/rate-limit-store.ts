import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin hands a store's child: the route's merged limit options. */
type RouteOptions = { routeInfo: { method: string; url: string } };

/**
 * A store for @fastify/rate-limit in PostgreSQL (table rate_limit_hits), so that every instance
 * on one database counts the same requests: one upsert per hit, the window starting with the
 * first hit (as the plugin's own stores count). Expired rows are swept now and then.
 */
export function postgresRateLimitStore(db: Db) {
  let calls = 0;
  class PostgresRateLimitStore {
    /** The plugin constructs the store with its options; a route's child gets its prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const id = `${this.prefix}${key}`;
      const window = sql`(now() + ${timeWindow} * interval '1 millisecond')`;
      db.execute(
        sql`insert into rate_limit_hits (key, hits, expires_at) values (${id}, 1, ${window})
            on conflict (key) do update set
              hits = case when rate_limit_hits.expires_at <= now() then 1 else rate_limit_hits.hits + 1 end,
              expires_at = case when rate_limit_hits.expires_at <= now() then ${window} else rate_limit_hits.expires_at end
            returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
      ).then((result) => {
        const [row] = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows;
        callback(null, { current: Number(row!.hits), ttl: Number(row!.ttl) });
        if (++calls % 500 === 0)
          void db
            .execute(sql`delete from rate_limit_hits where expires_at < now()`)
            .catch(() => {});
      }, callback);
    }

    child(routeOptions: object) {
      const { method, url } = (routeOptions as RouteOptions).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return PostgresRateLimitStore;
}
