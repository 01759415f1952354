import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import { ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import { adjustableClock, systemClock, type Clock } from './lib/clock.js';
import { TooMany } from './lib/errors.js';
import { postgresRateLimitStore } from './lib/rate-limit-store.js';
import { registeredRoutes } from './plugins/route.js';
import { answerSerializer } from './lib/serializer.js';
import { createTokenService } from './lib/tokens.js';
import { AccessCache, registerAccessCache } from './plugins/access-cache.js';
import { registerDocs } from './plugins/docs.js';
import { registerEnvelope } from './plugins/envelope.js';
import { findWebDist, registerWebApp, spaFallbackFor } from './plugins/static.js';
import { registerTestClock } from './plugins/test-clock.js';
import { authRoutes } from './modules/auth/routes.js';
import { publicRoutes } from './modules/public/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { powerRoutes } from './modules/powers/routes.js';
import { interfaceRoutes } from './modules/interfaces/routes.js';
import { dictionaryRoutes } from './modules/dictionary/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { supplierRoutes } from './modules/suppliers/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { tenderRoutes } from './modules/tenders/routes.js';
import { publicTenderRoutes } from './modules/tenders/public-routes.js';
import { syncInterfaces } from './modules/interfaces/sync.js';
import { bidRoutes } from './modules/bids/routes.js';
import { announcementRoutes, publicAnnouncementRoutes } from './modules/announcements/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { checkSealKey } from './modules/bids/seal-key.js';
import { chainUnsealedAuditRows } from './lib/audit-chain.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Secrets never reach the logs, wherever they travel in a request. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.oldPassword',
  'req.query.password',
  'req.query.token',
];

const SECRET_PARAMETER = /pass|token|secret|authorization/i;

/**
 * The query string is parsed before redacting, so `pass%77ord=` is caught as `password`; a
 * query that cannot be parsed is left out rather than logged as it came.
 */
export function redactUrl(url: string) {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  try {
    const params = new URLSearchParams(url.slice(mark + 1));
    const kept = [...params].map(([name, value]) =>
      SECRET_PARAMETER.test(name) ? `${name}=[Redacted]` : `${name}=${value}`,
    );
    return `${url.slice(0, mark)}?${kept.join('&')}`;
  } catch {
    return `${url.slice(0, mark)}?[unparsable query]`;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go (standard output by default); tests read them to check redaction. */
  logStream?: { write(line: string): void };
}

/** The application without listening: main.ts serves it, tests inject into it. */
export async function buildApp({
  config,
  database,
  clock: givenClock,
  logger = true,
  logStream,
}: BuildOptions) {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          redact: { paths: REDACT, censor: '[Redacted]' },
          serializers: {
            req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY: otherwise any
    // client could choose the address the login limit and the audit log see.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  // Sealed bids: a wrong BID_SEAL_KEY stops the start, not the opening day.
  await checkSealKey(database.db, config);
  // An upgraded installation's audit rows from before the hash chain join it, in id order.
  await chainUnsealedAuditRows(database.db);

  // TEST_CLOCK=1 (browser tests; config refuses it in production): a clock moved over HTTP.
  const testClock = config.testClock ? adjustableClock(givenClock) : undefined;
  const clock = testClock ?? givenClock ?? systemClock;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.env !== 'production'));

  const changes = new ChangeFeed(database, app.log);
  if (database.url) await changes.listenOn(database.url);
  app.addHook('onClose', () => changes.close());
  const access = new AccessCache(database.db, changes);
  registerAccessCache(database.db, access);

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds, systemClock),
    changes,
    access,
  };
  app.decorate('deps', deps);
  app.decorateRequest('user', null);

  // Security headers (helmet). The middleware is built once: @fastify/helmet rebuilt it, CSP
  // parsing included, on every request (a measurable share of a small answer's cost). Set on
  // the raw response, so a route's own header (the API docs' CSP) still takes precedence.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its CSS-in-JS styles inline; scripts come only from our own files
        // (the docs page sends its own policy with the hashes of its inline scripts).
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  // Login attempts per address are counted where every instance sees them: Redis when
  // REDIS_URL is set, else PostgreSQL; the embedded database has one instance, so memory.
  // (ioredis is loaded only then: ~20 MB resident.)
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
  // JSON answers above a small size travel compressed; static files are not touched here (the
  // build precompresses them) and request bodies are never inflated (no zip bombs to parse).
  await app.register(compress, {
    customTypes: /^application\/json/,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
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
  // Uploads stream part by part; one file per request, at most MAX_UPLOAD_MB. The name comes
  // as sent (preservePath), so a name with a path is refused rather than quietly cut.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 1, fields: 5, parts: 6 },
  });
  if (config.apiDocs) await registerDocs(app);

  const webDist = config.webDist ?? findWebDist();
  registerEnvelope(app, webDist ? spaFallbackFor(webDist) : undefined);
  if (testClock) await registerTestClock(app, testClock);
  if (webDist) await registerWebApp(app, webDist);

  for (const routes of [
    healthRoutes,
    publicRoutes,
    authRoutes,
    userRoutes,
    roleRoutes,
    powerRoutes,
    interfaceRoutes,
    dictionaryRoutes,
    auditRoutes,
    supplierRoutes,
    fileRoutes,
    tenderRoutes,
    publicTenderRoutes,
    bidRoutes,
    announcementRoutes,
    publicAnnouncementRoutes,
    notificationRoutes,
  ]) {
    await app.register(routes);
  }

  app.addHook('onReady', async () => {
    await syncInterfaces(deps.db, registeredRoutes(app));
  });
  return app as unknown as FastifyInstance;
}
