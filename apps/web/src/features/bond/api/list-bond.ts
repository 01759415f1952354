import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bondApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bondKeys } from './keys';

export type BondListQuery = RouteInput<typeof bondApi.listBond>;

export const fetchBondList = (query: BondListQuery) =>
  request(bondApi.listBond, query, { quiet: true });

export const bondListQuery = (query: BondListQuery) =>
  queryOptions({
    queryKey: bondKeys.list(query),
    queryFn: () => fetchBondList(query),
    placeholderData: keepPreviousData,
  });

export const useBondList = (query: BondListQuery) => useQuery(bondListQuery(query));

/** The menu badge looks again every five minutes: overdue is a matter of days, not seconds. */
export const OVERDUE_POLL_MS = 5 * 60_000;

/** Bonds overdue now, whatever a filter says: list-bond's overdueCount on its smallest page. */
export const useOverdueBondCount = (enabled: boolean) =>
  useQuery({
    queryKey: bondKeys.overdueCount(),
    queryFn: () =>
      request(
        bondApi.listBond,
        { pageNum: 1, pageSize: 1 },
        // A failed poll stays quiet; the badge keeps what it had.
        { quiet: true, confirmLogout: false },
      ),
    select: (page) => page.overdueCount,
    enabled,
    refetchInterval: OVERDUE_POLL_MS,
    refetchIntervalInBackground: false,
  });
