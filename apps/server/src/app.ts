import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import { ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import { adjustableClock, systemClock, type Clock } from './lib/clock.js';
import { registeredRoutes } from './plugins/route.js';
import { answerSerializer } from './lib/serializer.js';
import { createTokenService } from './lib/tokens.js';
import { AccessCache, registerAccessCache } from './plugins/access-cache.js';
import { registerDocs } from './plugins/docs.js';
import { registerCompression } from './plugins/external/compress.js';
import { registerSecurityHeaders } from './plugins/external/helmet.js';
import { registerMultipart } from './plugins/external/multipart.js';
import { registerRateLimit } from './plugins/external/rate-limit.js';
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
import { openingRoutes } from './modules/opening/routes.js';
import { announcementRoutes, publicAnnouncementRoutes } from './modules/announcements/routes.js';
import { evaluationRoutes } from './modules/evaluation/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { questionRoutes } from './modules/questions/routes.js';
import { bondRoutes } from './modules/bonds/routes.js';
import { contractRoutes } from './modules/contracts/routes.js';
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

  registerSecurityHeaders(app);
  await registerCompression(app);
  await registerRateLimit(app, config, database);
  await registerMultipart(app, config);
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
    openingRoutes,
    announcementRoutes,
    publicAnnouncementRoutes,
    notificationRoutes,
    evaluationRoutes,
    questionRoutes,
    bondRoutes,
    contractRoutes,
  ]) {
    await app.register(routes);
  }

  app.addHook('onReady', async () => {
    await syncInterfaces(deps.db, registeredRoutes(app));
  });
  return app as unknown as FastifyInstance;
}
