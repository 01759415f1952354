import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE, type RouteContract } from '@tender/contracts';
import type { AuthUser } from './auth.js';
import { authenticate, authorize } from './auth.js';
import { recordAudit, type Actor } from '../lib/audit.js';
import { rejectControlCharacters } from '../lib/control-characters.js';
import { answerSerializer } from '../lib/serializer.js';

/**
 * Who may call a route: `public` needs no login; `open` any logged-in user; otherwise the code
 * of the power that grants it (its interface row is bound to that power at start-up).
 */
export type RouteAccess = 'public' | 'open' | { power: string };

export interface RegisteredRoute {
  method: string;
  url: string;
  name: string;
  access: RouteAccess;
  /** Its schemas, for tools that walk every route (the fuzz test). */
  contract: RouteContract;
}

export interface RouteContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present on every route that needs a login. */
  user: AuthUser;
  actor: Actor;
}

/** A file answer (an export, a download) instead of the JSON envelope; a stream is piped as it comes. */
export class FileReply {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Buffer | Readable,
    /** The byte count of a streamed body (Content-Length). */
    readonly size?: number,
  ) {}
}

/**
 * An answer already written, envelope and all, by `answerWriter` (an answer kept in memory):
 * sent as it is, not written again.
 */
export class WrittenAnswer {
  constructor(readonly json: Buffer) {}
}

/** RFC 6266: an ASCII fallback for old clients, the UTF-8 name for all others. */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;
/** GET routes read their query, POST routes their body; login alone takes both. */
type Input<R> = R extends RouteContract<infer Q, infer B> ? Output<Q> & Output<B> : never;
type Data<R> =
  R extends RouteContract<z.ZodType | undefined, z.ZodType | undefined, infer D>
    ? z.output<D>
    : never;

const envelopeOf = (data: z.ZodType) =>
  z.object({ code: z.number(), message: z.string(), data: data.optional() });

/**
 * Writes a route's whole answer as the route itself would (its compiled writer; `checked` as
 * app.ts sets it), for a handler that keeps the written answer and returns a `WrittenAnswer`.
 */
export function answerWriter<R extends RouteContract>(contract: R, checked: boolean) {
  const write = answerSerializer(checked)({
    schema: envelopeOf(contract.data),
    method: contract.method,
    url: `${API_BASE}${contract.path}`,
    httpStatus: '200',
  }) as (answer: unknown) => string;
  return (data: Data<R>) => Buffer.from(write({ code: 0, message: 'success', data }));
}

/**
 * Routes registered so far, per app: the interface table is synchronised from this list.
 * Keyed by the HTTP server, which the app and all its encapsulated plugin instances share.
 */
const registries = new WeakMap<object, RegisteredRoute[]>();
export const registeredRoutes = (app: FastifyInstance) => registries.get(app.server) ?? [];

/** Handlers still running, per app: one whose caller hung up keeps running to its end. */
const runningHandlers = new WeakMap<object, Set<Promise<unknown>>>();

/**
 * Resolves once every handler running now has finished, or after `timeoutMs`. Closing the HTTP
 * server waits only for open connections, so a handler whose client has gone is waited for
 * here before the database closes under it.
 */
export async function handlersFinished(app: FastifyInstance, timeoutMs: number) {
  const running = [...(runningHandlers.get(app.server) ?? [])];
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(running),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}

/**
 * An unknown field is refused (400 naming it) instead of silently dropped: a client that
 * believes it set `builtIn` or `id` learns that it did not. The contracts themselves stay
 * lenient so that forms can parse their values with them.
 */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return schema.strict();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  return schema;
}
const NO_PARAMETERS = z.strictObject({});

function actorOf(request: FastifyRequest, contract: RouteContract): Actor {
  const user = request.user;
  return {
    userId: user?.userid ?? null,
    username: user?.username ?? null,
    action: contract.summary,
    method: contract.method,
    url: contract.path,
    ip: request.ip,
    requestId: String(request.id),
  };
}

/**
 * Registers one contract route: validation and documentation come from the contract's
 * schemas, the login and interface checks from `access`, and the answer is wrapped in the
 * envelope. The handler receives the validated query of a GET route or the validated body of
 * a POST route, never the two merged (a contract with both, login, gets both, the body winning).
 */
export function addRoute<R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  access: RouteAccess,
  handler: (input: Input<R>, context: RouteContext) => Promise<Data<R> | FileReply | WrittenAnswer>,
  options: {
    rateLimit?: { max: number; timeWindow: number };
    /** The answer carries a secret (a token) although the route is public. */
    noStore?: boolean;
  } = {},
) {
  const routes = registries.get(app.server) ?? [];
  registries.set(app.server, routes);
  routes.push({
    method: contract.method,
    url: contract.path,
    name: contract.summary,
    access,
    contract,
  });

  app.route({
    method: contract.method,
    url: `${API_BASE}${contract.path}`,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      querystring: contract.query ? strictly(contract.query) : NO_PARAMETERS,
      ...(contract.body ? { body: strictly(contract.body) } : {}),
      ...(access === 'public' ? {} : { security: [{ token: [] }] }),
      response: { 200: envelopeOf(contract.data) },
    },
    // onRequest: a caller without the right is refused before its body is even parsed.
    onRequest:
      access === 'public'
        ? undefined
        : async (request) => {
            request.user = await authenticate(request, contract.method, contract.path);
            try {
              authorize(request);
            } catch (refusal) {
              // Refusals are audited too: probing for powers one lacks leaves a trace.
              const actor = {
                ...actorOf(request, contract),
                action: `拒绝访问：${contract.summary}`,
              };
              await recordAudit(request.server.deps.db, actor, {
                targetType: 'interface',
                targetId: `${contract.method} ${contract.path}`,
                after: { refused: true },
              });
              throw refusal;
            }
          },
    preValidation: async (request) => {
      rejectControlCharacters(request.query, 'query');
      rejectControlCharacters(request.body, 'body');
    },
    handler: async (request, reply) => {
      const query = contract.query ? (request.query as object) : {};
      const body = contract.body ? ((request.body as object | null | undefined) ?? {}) : {};
      const input = { ...query, ...body } as Input<R>;
      // Answers to logged-in callers carry personal data; no shared cache may keep them.
      if (access !== 'public' || options.noStore) reply.header('Cache-Control', 'no-store');
      const user = request.user as AuthUser;
      const actor = actorOf(request, contract);
      const running = runningHandlers.get(request.server.server) ?? new Set();
      runningHandlers.set(request.server.server, running);
      const work = handler(input, { request, reply, user, actor });
      running.add(work);
      const result = await work.finally(() => running.delete(work));
      if (result instanceof FileReply) {
        if (result.size !== undefined) reply.header('Content-Length', result.size);
        return reply
          .header('Content-Type', result.contentType)
          .header('Content-Disposition', contentDisposition(result.fileName))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .serializer((body: unknown) => body as string)
          .send(result.body);
      }
      if (result instanceof WrittenAnswer)
        return reply.type('application/json; charset=utf-8').send(result.json);
      return reply.send({ code: 0, message: 'success', data: result ?? null });
    },
  });
}
