import type { Page } from '@tender/contracts';

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

export const offsetOf = ({ pageNum, pageSize }: PageQuery) => (pageNum - 1) * pageSize;

export const pageOf = <T>(list: T[], total: number, { pageNum, pageSize }: PageQuery): Page<T> => ({
  list,
  total,
  pageNum,
  pageSize,
});

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The total a page's rows carry; a page past the end carries none and is counted apart. */
export async function totalOfPage(
  rows: { total: number }[],
  query: PageQuery,
  countAll: () => Promise<number>,
) {
  if (rows.length) return Number(rows[0]!.total);
  return offsetOf(query) === 0 ? 0 : countAll();
}
