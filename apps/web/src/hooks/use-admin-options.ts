import { useQuery } from '@tanstack/react-query';
import { admin } from '@tender/contracts';
import { request } from '@/lib/request';
import { adminKeys } from '@/lib/query-keys';

const fetchAdminList = (query: { pageNum: number; pageSize: number }) =>
  request(admin.listAdmin, query, { quiet: true });

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
