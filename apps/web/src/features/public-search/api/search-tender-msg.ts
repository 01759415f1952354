import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { RouteInput, tenderApi } from '@tender/contracts';
import { tenderRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import type { PublicSearch } from '../search-params';

export type TenderSearchQuery = RouteInput<typeof tenderApi.searchTenderMsg>;

/** The URL's search as the route's query: whole days as ISO instants, page size at most 100. */
export function toSearchQuery(search: PublicSearch): TenderSearchQuery {
  const day = (value: string | undefined, end: boolean) => {
    if (!value) return undefined;
    const d = dayjs(value);
    if (!d.isValid()) return undefined;
    return (end ? d.endOf('day') : d.startOf('day')).toISOString();
  };
  return {
    keyword: search.keyword || undefined,
    category: search.category,
    status: search.status as TenderSearchQuery['status'],
    region: search.region,
    from: day(search.from, false),
    to: day(search.to, true),
    pageNum: search.pageNum,
    pageSize: Math.min(search.pageSize, 100),
  };
}

/** Published tenders for anyone, newest first. */
export const useTenderSearch = (search: PublicSearch, enabled = true) => {
  const query = toSearchQuery(search);
  return useQuery({
    queryKey: ['public-tender-search', query],
    queryFn: () => request(tenderRoutes.searchTenderMsg, query, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
};
