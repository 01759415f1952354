import { useQuery } from '@tanstack/react-query';
import { role } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';

const fetchRoleList = (query: { pageNum: number; pageSize: number }) =>
  request(role.listRole, query, { quiet: true });

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
