import { useQuery } from '@tanstack/react-query';
import { announcementApi, type RouteData } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export type AnnouncementDetail = RouteData<typeof announcementApi.getAnnouncementById>;

export const useAnnouncement = (id: number | undefined) =>
  useQuery({
    queryKey: announcementKeys.detail(id ?? 0),
    queryFn: () => request(announcementApi.getAnnouncementById, { id: id! }, { quiet: true }),
    enabled: !!id,
    retry: false,
  });
