import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { announcementApi, type RouteData, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export type AnnouncementListQuery = RouteInput<typeof announcementApi.listAnnouncement>;
export type AnnouncementRow = RouteData<typeof announcementApi.listAnnouncement>['list'][number];

/** Managers: every announcement; bidders: the published (and revoked) ones. */
export const useAnnouncementList = (query: AnnouncementListQuery) =>
  useQuery({
    queryKey: announcementKeys.list(query),
    queryFn: () => request(announcementApi.listAnnouncement, query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
