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
    pageSize: positive(params.get('pageSize'), 10),
  };
}

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
