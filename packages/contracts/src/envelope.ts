import { z } from 'zod';

/** The base path every API call lives under (original specification, section 7). */
export const API_BASE = '/tendering-service';

/** Reply codes of the envelope and the HTTP status each one travels with (API.md). */
export const ErrorCode = {
  ok: 0,
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  internal: 500,
  tokenInvalid: 501,
  tokenExpired: 502,
  tokenRevoked: 503,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCodeValue, number> = {
  0: 200,
  400: 400,
  403: 403,
  404: 404,
  409: 409,
  429: 429,
  500: 500,
  501: 401,
  502: 401,
  503: 401,
};

/** The original client also reads -1 as success. */
export const SUCCESS_CODES: readonly number[] = [0, -1];
/** Codes that mean the session is over and the client offers to log in again. */
export const LOGGED_OUT_CODES: readonly number[] = [501, 502, 503];

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  errorMsg?: string;
  data?: T;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** pageNum from 1, pageSize 10 by default and at most 100. */
export const pageQuery = {
  pageNum: z.coerce
    .number({ error: '页码必须是数字' })
    .int('页码必须是整数')
    .min(1, '页码最小为 1')
    .max(1_000_000, '页码最大为 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数最小为 1')
    .max(MAX_PAGE_SIZE, `每页条数最大为 ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
};

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
