import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * One API call, described once: the server registers and validates from it, the web client
 * calls through it, and the OpenAPI document is generated from it.
 */
export interface RouteContract<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  data: D;
}

export const defineRoute = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(
  route: RouteContract<Q, B, D>,
) => route;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller sends: the query for GET calls, the body for POST calls (and both for login). */
export type RouteInput<R> =
  R extends RouteContract<infer Q, infer B, z.ZodType>
    ? (Q extends z.ZodType ? InputOf<Q> : unknown) & (B extends z.ZodType ? InputOf<B> : unknown)
    : never;
export type RouteData<R> =
  R extends RouteContract<z.ZodType | undefined, z.ZodType | undefined, infer D>
    ? z.output<D>
    : never;
