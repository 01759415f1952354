import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { announcementRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import type { PublicSearch } from '../search-params';

/** Published (and revoked, marked) announcements for anyone, newest first. */
export const useAnnouncementSearch = (search: PublicSearch, enabled = true) => {
  const query = {
    keyword: search.keyword || undefined,
    pageNum: search.pageNum,
    pageSize: Math.min(search.pageSize, 100),
  };
  return useQuery({
    queryKey: ['public-announcement-search', query],
    queryFn: () => request(announcementRoutes.searchAnnouncement, query, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** One published announcement for anyone. */
export const usePublicAnnouncement = (id: number | undefined) =>
  useQuery({
    queryKey: ['public-announcement', id],
    queryFn: () =>
      request(announcementRoutes.getPublicAnnouncementById, { id: id! }, { quiet: true }),
    enabled: !!id,
    retry: false,
  });
