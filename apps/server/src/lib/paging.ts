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
