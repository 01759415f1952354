import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  httpStatusOf,
  messageForPeople,
  unknownFieldMessage,
  type ErrorCodeValue,
  type FieldError,
} from '@tender/contracts';
import { AppError } from '../lib/errors.js';

export function sendError(
  reply: FastifyReply,
  code: ErrorCodeValue,
  errorMsg: string,
  data?: unknown,
  httpStatus?: number,
) {
  return reply
    .status(httpStatus ?? httpStatusOf[code])
    .send({ code, message: 'error', errorMsg, data });
}

/** Zod issues → the list the forms place beside each field (the field by its API name). */
function fieldErrorsOf(error: FastifyError): FieldError[] {
  return (error.validation ?? []).flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    // A strict schema names each unknown field by itself, so the refusal says which one.
    const unknownKeys = (issue.params as { keys?: unknown } | undefined)?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      return unknownKeys.map((key) => {
        // An empty key still needs a visible name (the fuzz test sent `{"": 1}`).
        const name = String(key) || '(空字段名)';
        return {
          field: path ? `${path}.${name}` : name,
          // No form has this field, so the message itself says which one the client sent.
          message: unknownFieldMessage(name),
        };
      });
    }
    return [
      {
        field: path || (error.validationContext ?? 'body'),
        message: issue.message ?? '格式不正确',
      },
    ];
  });
}

const BODY_ERRORS: Record<string, { status: number; text: (e: FastifyError) => string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, text: () => '请求体过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    text: () => '不支持的 Content-Type，请发送 application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    text: () => '请求体为空，但 Content-Type 声明为 JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, text: () => 'Content-Length 与请求体不符' },
};

/**
 * What a server fault may write to the log: a failed query's message carries its parameters
 * (a new user's password hash, a bidder's remark), so a database error is logged by its SQL
 * text, the driver's code and message, and the stack — never the values.
 */
export function loggableError(error: unknown) {
  const e = error as Error & { query?: unknown; cause?: unknown };
  const cause = e.cause as Record<string, unknown> | undefined;
  if (typeof e.query === 'string') {
    // The driver's own message may quote a value too ("invalid input syntax …: "<value>""):
    // only its code and the names of what failed are kept.
    return {
      type: e.name,
      message: 'database query failed',
      query: e.query,
      code: cause?.code,
      constraint: cause?.constraint,
      table: cause?.table,
      column: cause?.column,
      routine: cause?.routine,
      // The stack's first lines repeat the message, parameters included: keep the frames only.
      stack: e.stack
        ?.split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n'),
    };
  }
  return {
    type: e?.name,
    message: e?.message,
    code: (e as { code?: unknown })?.code,
    stack: e?.stack,
  };
}

/** Serves the web application's index.html for a browser path; false when it is not one. */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * PostgreSQL went away under the request (restart, killed backends, network) or chose it as a
 * deadlock victim: a 503 the client may retry, not a 500. Drizzle wraps the driver's error.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300|40P01|40001)$/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
]);
function databaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_CODES.has(code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|not queryable|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

export function registerEnvelope(app: FastifyInstance, spaFallback?: SpaFallback) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError: unknown = error;
    if (appError instanceof AppError) {
      if (appError.code === ErrorCode.tooMany) {
        const retry = (appError.data as { retryAfterSeconds?: number } | undefined)
          ?.retryAfterSeconds;
        if (retry) reply.header('Retry-After', String(retry));
      }
      return sendError(reply, appError.code, appError.message, appError.data, appError.httpStatus);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldErrorsOf(error);
      // What a person reads: each refusal in Chinese, by the field's Chinese name, once.
      const errorMsg = [...new Set(fields.map((f) => messageForPeople(f.field, f.message)))].join(
        '；',
      );
      return sendError(reply, ErrorCode.invalid, errorMsg, { fields });
    }
    const bodyError = error.code ? BODY_ERRORS[error.code] : undefined;
    if (bodyError)
      return sendError(
        reply,
        ErrorCode.invalid,
        bodyError.text(error),
        undefined,
        bodyError.status,
      );
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, ErrorCode.invalid, '请求体不是合法的 JSON');
    }
    if (error.statusCode === 429) {
      return sendError(reply, ErrorCode.tooMany, error.message);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, ErrorCode.invalid, '请求格式不正确', undefined, error.statusCode);
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      reply.header('Retry-After', '5');
      return sendError(
        reply,
        ErrorCode.internal,
        `数据库暂时不可用，请稍后重试（请求编号 ${request.id}）`,
        { requestId: request.id },
        503,
      );
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return sendError(
      reply,
      ErrorCode.internal,
      `服务器内部错误，请稍后重试（请求编号 ${request.id}）`,
      {
        requestId: request.id,
      },
    );
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return reply;
    return sendError(
      reply,
      ErrorCode.notFound,
      `接口不存在：${request.method} ${request.url.split('?')[0]}`,
    );
  });
}
