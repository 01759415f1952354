import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { QuerySchema } from '@/lib/list-query';

/** Reads the URL as the list call's own query schema, dropping values the schema refuses. */
function parseLenient<T>(schema: QuerySchema<T>, raw: Record<string, string>): T {
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  const refused = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !refused.has(key)));
  const second = schema.safeParse(kept);
  return second.success ? second.data : schema.parse({});
}

/** A route's declared schema; list routes always declare their query, so absence is a bug. */
export function declared<S extends z.ZodType>(schema: S | undefined): S {
  if (!schema) throw new Error('list route declares no query schema');
  return schema;
}

/** The query without its page: what the filter form shows and an export sends. */
function withoutPage<Q extends object>(query: Q): Omit<Q, 'pageNum' | 'pageSize'> {
  const entries = Object.entries(query).filter(([key]) => key !== 'pageNum' && key !== 'pageSize');
  return Object.fromEntries(entries) as Omit<Q, 'pageNum' | 'pageSize'>;
}

/**
 * A list screen's filters and page, kept in the URL query so that a link, a reload or the back
 * button shows the same page. Changing a filter goes back to page 1. The schema is the route's
 * zod query or its zod-free mirror (lib/list-query.ts).
 */
export function useUrlQuery<T extends object>(schema: QuerySchema<T>) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseLenient(schema, Object.fromEntries(params)), [schema, params]);
  const filters = useMemo(() => withoutPage(query), [query]);

  const write = useCallback(
    (patch: object) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );

  // Every filter the schema knows is rewritten, so that a filter left out (a reset) is dropped.
  const setFilters = useCallback(
    (filters: object) => {
      const cleared = Object.fromEntries(
        Object.keys(schema.shape)
          .filter((key) => key !== 'pageSize')
          .map((key) => [key, undefined]),
      );
      write({ ...cleared, ...filters });
    },
    [schema, write],
  );
  const setPage = useCallback(
    (pageNum: number, pageSize: number) => write({ pageNum, pageSize }),
    [write],
  );
  return { query, filters, setFilters, setPage, write };
}
