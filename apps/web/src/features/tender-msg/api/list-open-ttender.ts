import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { openTenderKeys } from './keys';

export type OpenTenderQuery = RouteInput<typeof tenderApi.listOpenTtender>;

/** Published tenders with the caller's company's participation in each. */
export const useOpenTenders = (query: OpenTenderQuery) =>
  useQuery({
    queryKey: openTenderKeys.list(query),
    queryFn: () => request(tenderApi.listOpenTtender, query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
