import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { bondRoutes } from '@/lib/routes';
import { bondKeys } from './keys';

// Apart from list-bond.ts: the badge is on every finance user's first screen, and the list
// screen's module imports the bond contract (zod); this one calls by path (lib/routes.ts).

/** The menu badge looks again every five minutes: overdue is a matter of days, not seconds. */
export const OVERDUE_POLL_MS = 5 * 60_000;

/** Bonds overdue now, whatever a filter says: list-bond's overdueCount on its smallest page. */
export const useOverdueBondCount = (enabled: boolean) =>
  useQuery({
    queryKey: bondKeys.overdueCount(),
    queryFn: () =>
      request(
        bondRoutes.listBond,
        { pageNum: 1, pageSize: 1 },
        // A failed poll stays quiet; the badge keeps what it had.
        { quiet: true, confirmLogout: false },
      ),
    select: (page) => page.overdueCount,
    enabled,
    refetchInterval: OVERDUE_POLL_MS,
    refetchIntervalInBackground: false,
  });
