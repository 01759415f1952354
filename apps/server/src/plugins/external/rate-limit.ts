import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { TooMany } from '../../lib/errors.js';
import { postgresRateLimitStore } from '../../lib/rate-limit-store.js';

/**
 * Login attempts per address are counted where every instance sees them: Redis when
 * REDIS_URL is set, else PostgreSQL; the embedded database has one instance, so memory.
 * (ioredis is loaded only then: ~20 MB resident.)
 */
export async function registerRateLimit(app: FastifyInstance, config: Config, database: Database) {
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limits) unavailable'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: 'tender-rl:' }
      : database.kind === 'postgres'
        ? { store: postgresRateLimitStore(database.db) }
        : {}),
    // A counter store that is down must not lock everyone out: the per-account lock-out
    // (login_attempts, in the database) still holds.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new TooMany(`尝试过于频繁，请 ${seconds} 秒后再试`, seconds);
    },
  });
}
