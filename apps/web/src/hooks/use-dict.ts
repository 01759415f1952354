import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';

export interface DictSelectOption {
  label: string;
  value: string;
  tagColor: string | null;
}

/** Every dictionary-driven select shares this key prefix, so a dictionary edit refreshes them all. */
export const dictOptionsKey = ['dict-options'] as const;

export const fetchDictOptions = (typeCode: string) =>
  request(publicRoutes.listDictItemsPublic, { typeCode }, { quiet: true });

export const dictOptionsQuery = (typeCode: string) =>
  queryOptions({
    queryKey: [...dictOptionsKey, typeCode],
    queryFn: () => fetchDictOptions(typeCode),
    staleTime: 5 * 60_000,
  });

/**
 * The enabled items of one dictionary type, as select options, and the label of a stored value
 * (the value itself when the item is gone, — when there is none).
 */
export function useDict(typeCode: string): {
  options: DictSelectOption[];
  isLoading: boolean;
  labelOf: (value: string | null | undefined) => string;
} {
  const { data, isLoading } = useQuery(dictOptionsQuery(typeCode));
  const options = data ?? [];
  const labelOf = (value: string | null | undefined) =>
    value ? (options.find((o) => o.value === value)?.label ?? value) : '—';
  return { options, isLoading, labelOf };
}
