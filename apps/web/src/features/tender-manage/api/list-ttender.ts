import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export type TenderListQuery = RouteInput<typeof tenderApi.listTtender>;

export const fetchTenderList = (query: TenderListQuery) =>
  request(tenderApi.listTtender, query, { quiet: true });

export const useTenderList = (query: TenderListQuery) =>
  useQuery({
    queryKey: tenderKeys.list(query),
    queryFn: () => fetchTenderList(query),
    placeholderData: keepPreviousData,
  });
