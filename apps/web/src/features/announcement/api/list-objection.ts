import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { objectionApi, type RouteData, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export type ObjectionListQuery = RouteInput<typeof objectionApi.listObjection>;
export type ObjectionRow = RouteData<typeof objectionApi.listObjection>['list'][number];

/** Managers: every objection; a supplier: its own (with the answer). */
export const useObjectionList = (query: ObjectionListQuery, enabled = true) =>
  useQuery({
    queryKey: announcementKeys.objections(query),
    queryFn: () => request(objectionApi.listObjection, query, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
