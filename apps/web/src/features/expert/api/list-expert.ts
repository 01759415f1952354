import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { expertApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { expertKeys } from './keys';

export type ExpertListQuery = RouteInput<typeof expertApi.listExpert>;

export const fetchExpertList = (query: ExpertListQuery) =>
  request(expertApi.listExpert, query, { quiet: true });

export const expertListQuery = (query: ExpertListQuery) =>
  queryOptions({
    queryKey: expertKeys.list(query),
    queryFn: () => fetchExpertList(query),
    placeholderData: keepPreviousData,
  });

export const useExpertList = (query: ExpertListQuery) => useQuery(expertListQuery(query));
