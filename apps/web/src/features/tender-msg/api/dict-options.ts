import { useQuery } from '@tanstack/react-query';
import { publicApi } from '@tender/contracts';
import { request } from '@/lib/request';

/**
 * The enabled items of one dictionary type. Same key as the dictionary screen's selects
 * (`dict-options`), so a dictionary edit refreshes these too.
 */
export function useDictOptions(typeCode: string) {
  const query = useQuery({
    queryKey: ['dict-options', typeCode],
    queryFn: () => request(publicApi.listDictItemsPublic, { typeCode }, { quiet: true }),
    staleTime: 5 * 60_000,
  });
  const options = query.data ?? [];
  const labelOf = (value: string | null | undefined) =>
    value ? (options.find((o) => o.value === value)?.label ?? value) : '—';
  return { options, isLoading: query.isLoading, labelOf };
}
