import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys } from './keys';

export type MyTaskQuery = RouteInput<typeof deskApi.listMyTask>;

export const myTasksQuery = (query: MyTaskQuery) =>
  queryOptions({
    queryKey: evaluationKeys.tasks(query),
    queryFn: () => request(deskApi.listMyTask, query, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** The committees the caller sits on, each lot with its state, the caller's sheet and report. */
export const useMyTasks = (query: MyTaskQuery) => useQuery(myTasksQuery(query));
