import type { Config } from './config.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { TokenService } from './lib/tokens.js';
import type { AccessCache } from './plugins/access-cache.js';

/** What services need from the outside world, built once per app and injected. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  clock: Clock;
  /** What changed in the database, for the answers kept in memory (db/change-feed.ts). */
  changes: ChangeFeed;
  /** Users, roles, grants and the menu in memory (see plugins/access-cache.ts). */
  access: AccessCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
