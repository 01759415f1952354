import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const useTenderLog = (query: RouteInput<typeof tenderApi.listTenderLog>) =>
  useQuery({
    queryKey: tenderKeys.log(query),
    queryFn: () => request(tenderApi.listTenderLog, query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
