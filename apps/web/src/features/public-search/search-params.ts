/** The public search's state, kept in the URL so a search can be shared and reloaded. */
export type NoticeTab = 'tender' | 'award';

export interface PublicSearch {
  tab: NoticeTab;
  keyword: string;
  category?: string;
  status?: string;
  region?: string;
  /** Publication date range, YYYY-MM-DD. */
  from?: string;
  to?: string;
  pageNum: number;
  pageSize: number;
}

const text = (params: URLSearchParams, key: string) => params.get(key) || undefined;
const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function readSearch(params: URLSearchParams): PublicSearch {
  return {
    tab: params.get('tab') === 'award' ? 'award' : 'tender',
    keyword: params.get('keyword') ?? '',
    category: text(params, 'category'),
    status: text(params, 'status'),
    region: text(params, 'region'),
    from: text(params, 'from'),
    to: text(params, 'to'),
    pageNum: positive(params.get('pageNum'), 1),
    // The search answers at most 100 a page.
    pageSize: Math.min(positive(params.get('pageSize'), 10), 100),
  };
}

/** Whether the search narrows the list (an empty answer then says so, and suggests widening). */
export const isFiltered = (search: PublicSearch) =>
  !!(search.keyword || search.category || search.status || search.region || search.from);

/** A changed filter starts again from page 1; defaults stay out of the URL. */
export function writeSearch(current: PublicSearch, change: Partial<PublicSearch>): URLSearchParams {
  const next = { ...current, pageNum: 1, ...change };
  const params = new URLSearchParams();
  if (next.tab !== 'tender') params.set('tab', next.tab);
  if (next.keyword) params.set('keyword', next.keyword);
  for (const key of ['category', 'status', 'region', 'from', 'to'] as const) {
    const value = next[key];
    if (value) params.set(key, value);
  }
  if (next.pageNum > 1) params.set('pageNum', String(next.pageNum));
  if (next.pageSize !== 10) params.set('pageSize', String(next.pageSize));
  return params;
}

/** The tender whose detail drawer is open (`?id=`, shareable), if any. */
export function readOpenId(params: URLSearchParams): number | undefined {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The same search with the drawer of `id` open, or closed when `id` is undefined. */
export function withOpenId(params: URLSearchParams, id: number | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === undefined) next.delete('id');
  else next.set('id', String(id));
  return next;
}

/** The announcement whose detail drawer is open (`?announcement=`, shareable), if any. */
export function readAnnouncementId(params: URLSearchParams): number | undefined {
  const id = Number(params.get('announcement'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The same search with the announcement drawer of `id` open (on the 中标公告 tab), or closed. */
export function withAnnouncementId(
  params: URLSearchParams,
  id: number | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === undefined) next.delete('announcement');
  else {
    next.set('announcement', String(id));
    next.set('tab', 'award');
  }
  return next;
}
