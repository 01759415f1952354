import { queryOptions, useQuery } from '@tanstack/react-query';
import { role } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';

export const fetchRoleDetail = (roleId: number) =>
  request(role.getRoleInfoByRoleId, { roleId }, { quiet: true });

export const roleDetailQuery = (roleId: number) =>
  queryOptions({ queryKey: roleKeys.detail(roleId), queryFn: () => fetchRoleDetail(roleId) });

/** A role with the ids of the powers it holds; idle while no role is chosen. */
export const useRoleDetail = (roleId: number | undefined) =>
  useQuery({ ...roleDetailQuery(roleId ?? 0), enabled: roleId !== undefined });
