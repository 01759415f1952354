import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bondApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bondKeys } from './keys';

export type BondListQuery = RouteInput<typeof bondApi.listBond>;

export const fetchBondList = (query: BondListQuery) =>
  request(bondApi.listBond, query, { quiet: true });

export const bondListQuery = (query: BondListQuery) =>
  queryOptions({
    queryKey: bondKeys.list(query),
    queryFn: () => fetchBondList(query),
    placeholderData: keepPreviousData,
  });

export const useBondList = (query: BondListQuery) => useQuery(bondListQuery(query));
