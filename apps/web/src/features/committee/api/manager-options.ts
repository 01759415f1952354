import { useQuery } from '@tanstack/react-query';
import { admin } from '@tender/contracts';
import { request } from '@/lib/request';
import { useUserMenu } from '@/stores/session';
import { committeeKeys } from './keys';

const MANAGER_ROLES = ['tender_manager', 'admin'];

/**
 * The tender managers who may sit as the buyer's representatives. The user list is an
 * administrator's screen; a manager without it is offered itself.
 */
export function useManagerOptions() {
  const me = useUserMenu();
  const users = useQuery({
    queryKey: committeeKeys.managers(),
    queryFn: () => request(admin.listAdmin, { pageNum: 1, pageSize: 100 }, { quiet: true }),
    retry: false,
    staleTime: 60_000,
  });
  const listed = (users.data?.list ?? [])
    .filter((user) => MANAGER_ROLES.includes(user.roleName) && user.status === 'enabled')
    .map((user) => ({ value: user.userid, label: `${user.realName}（${user.username}）` }));
  const self = me ? [{ value: me.userid, label: `${me.realName}（${me.username}）` }] : [];
  const options = listed.some((o) => o.value === me?.userid) ? listed : [...self, ...listed];
  return { options, isLoading: users.isLoading };
}
