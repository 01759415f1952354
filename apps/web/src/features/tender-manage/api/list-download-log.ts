import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const useDownloadLog = (query: RouteInput<typeof tenderApi.listDownloadLog>) =>
  useQuery({
    queryKey: tenderKeys.downloadLog(query),
    queryFn: () => request(tenderApi.listDownloadLog, query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
