import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiInterface, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { interfaceKeys } from '@/lib/query-keys';

export type InterfaceListQuery = NonNullable<RouteInput<typeof apiInterface.listInterface>>;

export const fetchInterfaceList = (query: InterfaceListQuery) =>
  request(apiInterface.listInterface, query, { quiet: true });

export const interfaceListQuery = (query: InterfaceListQuery) =>
  queryOptions({
    queryKey: interfaceKeys.list(query),
    queryFn: () => fetchInterfaceList(query),
    placeholderData: keepPreviousData,
  });

export const useInterfaceList = (query: InterfaceListQuery) => useQuery(interfaceListQuery(query));
