/*
 * A list route's URL query read without zod: the signed-in first screen (a manager's 招标管理)
 * would otherwise load zod and every contract's schemas (≈ 45 KB gzip) to read its page number
 * and filters. A query built here mirrors its contract's schema, and a test parses the same
 * inputs with both; it offers the part of a zod object that `useUrlQuery` uses.
 */

/** One field's reading: its value, or `refused` (the schema's issue for that key). */
export type Field<T> = (raw: string | undefined) => T | typeof refused;
const refused = Symbol('refused');

/** As `pageQuery` (envelope.ts): DEFAULT_PAGE_SIZE and MAX_PAGE_SIZE there. */
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** `z.coerce.number().int().min(1).max(max).default(fallback)`. */
export const count =
  (max: number, fallback: number): Field<number> =>
  (raw) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    return Number.isInteger(value) && value >= 1 && value <= max ? value : refused;
  };

/** `z.string().trim().max(max).optional()`. */
export const text =
  (max: number): Field<string | undefined> =>
  (raw) => {
    if (raw === undefined) return undefined;
    const value = raw.trim();
    return value.length <= max ? value : refused;
  };

/** `z.enum(values).optional()`. */
export const oneOf =
  <T extends string>(values: readonly T[]): Field<T | undefined> =>
  (raw) =>
    raw === undefined
      ? undefined
      : (values as readonly string[]).includes(raw)
        ? (raw as T)
        : refused;

export const pageFields = {
  pageNum: count(1_000_000, 1),
  pageSize: count(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
};

type SafeParse<T> =
  { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } };

/** What `useUrlQuery` reads of a schema: its keys and a parse that names the refused ones. */
export interface QuerySchema<T> {
  readonly shape: Readonly<Record<string, unknown>>;
  safeParse(raw: Record<string, string>): SafeParse<T>;
  parse(raw: Record<string, string>): T;
}

export function listQuery<T>(shape: Record<string, Field<unknown>>): QuerySchema<T> {
  const safeParse = (raw: Record<string, string>): SafeParse<T> => {
    const data: Record<string, unknown> = {};
    const issues: { path: PropertyKey[] }[] = [];
    for (const [key, field] of Object.entries(shape)) {
      const value = field(Object.hasOwn(raw, key) ? raw[key] : undefined);
      if (value === refused) issues.push({ path: [key] });
      else if (value !== undefined) data[key] = value;
    }
    return issues.length
      ? { success: false, error: { issues } }
      : { success: true, data: data as T };
  };
  return {
    shape,
    safeParse,
    parse: (raw) => {
      const result = safeParse(raw);
      if (!result.success) throw new Error(`refused query: ${JSON.stringify(result.error.issues)}`);
      return result.data;
    },
  };
}
