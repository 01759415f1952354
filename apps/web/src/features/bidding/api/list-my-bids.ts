import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

export type MyBidsQuery = RouteInput<typeof bidApi.listMyBids>;

export const fetchMyBids = (query: MyBidsQuery) =>
  request(bidApi.listMyBids, query, { quiet: true });

export const myBidsQuery = (query: MyBidsQuery) =>
  queryOptions({
    queryKey: biddingKeys.myBids(query),
    queryFn: () => fetchMyBids(query),
    placeholderData: keepPreviousData,
  });

/** The company's bids with every revision's receipt and, after award, the result. */
export const useMyBids = (query: MyBidsQuery) => useQuery(myBidsQuery(query));
