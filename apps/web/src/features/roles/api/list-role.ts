import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { role, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from './keys';

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

/** Every role as a select option (user filters and the user form). */
export const useRoleOptions = () =>
  useQuery({
    queryKey: roleKeys.options(),
    queryFn: () => fetchRoleList({ pageNum: 1, pageSize: 100 }),
    select: (page) =>
      page.list.map((r) => ({
        value: r.roleId,
        roleName: r.roleName,
        label: r.description ? `${r.roleName}（${r.description}）` : r.roleName,
        disabled: r.status === 'disabled',
      })),
    staleTime: 60_000,
  });
