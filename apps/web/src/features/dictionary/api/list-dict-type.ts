import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dictionary, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { dictKeys } from './keys';

export type DictTypeListQuery = RouteInput<typeof dictionary.listDictType>;

export const fetchDictTypes = (query: DictTypeListQuery) =>
  request(dictionary.listDictType, query, { quiet: true });

export const dictTypesQuery = (query: DictTypeListQuery) =>
  queryOptions({
    queryKey: dictKeys.types(query),
    queryFn: () => fetchDictTypes(query),
    placeholderData: keepPreviousData,
  });

export const useDictTypes = (query: DictTypeListQuery) => useQuery(dictTypesQuery(query));
