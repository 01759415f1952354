import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { adminKeys } from '@/lib/query-keys';

export type AdminListQuery = RouteInput<typeof admin.listAdmin>;

export const fetchAdminList = (query: AdminListQuery) =>
  request(admin.listAdmin, query, { quiet: true });

export const adminListQuery = (query: AdminListQuery) =>
  queryOptions({
    queryKey: adminKeys.list(query),
    queryFn: () => fetchAdminList(query),
    placeholderData: keepPreviousData,
  });

export const useAdminList = (query: AdminListQuery) => useQuery(adminListQuery(query));
