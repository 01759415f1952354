import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

export type BiddableTenderQuery = RouteInput<typeof bidApi.listBiddableTtender>;

export const fetchBiddableTenders = (query: BiddableTenderQuery) =>
  request(bidApi.listBiddableTtender, query, { quiet: true });

export const biddableTendersQuery = (query: BiddableTenderQuery) =>
  queryOptions({
    queryKey: biddingKeys.tenders(query),
    queryFn: () => fetchBiddableTenders(query),
    placeholderData: keepPreviousData,
  });

/** The tenders the caller's company signed up for, each with its own bid (or none). */
export const useBiddableTenders = (query: BiddableTenderQuery) =>
  useQuery(biddableTendersQuery(query));
