import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { adminKeys } from './keys';

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

/** Every user as a select option (the audit log's user filter). */
export const useAdminOptions = () =>
  useQuery({
    queryKey: adminKeys.options(),
    queryFn: () => fetchAdminList({ pageNum: 1, pageSize: 100 }),
    select: (page) =>
      page.list.map((user) => ({
        value: user.userid,
        label: `${user.realName}（${user.username}）`,
      })),
    staleTime: 60_000,
  });
