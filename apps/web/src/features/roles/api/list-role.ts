import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { role, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';

export type RoleListQuery = RouteInput<typeof role.listRole>;

export const fetchRoleList = (query: RoleListQuery) =>
  request(role.listRole, query, { quiet: true });

export const roleListQuery = (query: RoleListQuery) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: () => fetchRoleList(query),
    placeholderData: keepPreviousData,
  });

export const useRoleList = (query: RoleListQuery) => useQuery(roleListQuery(query));
