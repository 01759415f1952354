import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '@tender/contracts';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { TooMany } from './lib/errors.js';
import { registeredRoutes } from './lib/route.js';
import { createTokenService } from './lib/tokens.js';
import { registerDocs } from './plugins/docs.js';
import { registerEnvelope, type SpaFallback } from './plugins/envelope.js';
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
  clock = systemClock,
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
  };
  app.decorate('deps', deps);
  app.decorateRequest('user', null);

  await app.register(helmet, {
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
  await app.register(rateLimit, {
    global: false,
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
  registerEnvelope(app, webDist ? spaFallback : undefined);
  if (webDist)
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: 'index.html' });

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

/** A browser asking for a screen path (/tender_list …) gets the single-page app. */
const spaFallback: SpaFallback = (request, reply) => {
  const wantsPage =
    request.method === 'GET' &&
    !request.url.startsWith(API_BASE) &&
    !path.extname(request.url.split('?')[0]!);
  if (!wantsPage) return false;
  void reply.type('text/html').sendFile('index.html');
  return true;
};

/** apps/web/dist, seen from apps/server/src (sources) or apps/server/dist (the build). */
function findWebDist() {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}
