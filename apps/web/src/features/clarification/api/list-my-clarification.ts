import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { clarificationKeys } from './keys';

export type MyClarificationQuery = RouteInput<typeof deskApi.listMyClarification>;

/** The committee's questions to the caller's company, newest first. */
export const useMyClarifications = (query: MyClarificationQuery) =>
  useQuery({
    queryKey: clarificationKeys.list(query),
    queryFn: () => request(deskApi.listMyClarification, query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
