import { useQuery } from '@tanstack/react-query';
import { supplierApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { mySupplierKey } from '@/lib/query-keys';
import { useUserMenu } from '@/stores/session';

/**
 * The caller's company with its review state and qualification files, one cache entry for every
 * screen; read afresh when a screen opens, since a review may change it at any time. Only a
 * bidder has one: by default it is not asked for anyone else (404, a red line in the console).
 */
export const useMySupplier = (enabled?: boolean) => {
  const isBidder = useUserMenu()?.roles.includes('bidder') ?? false;
  return useQuery({
    queryKey: mySupplierKey,
    queryFn: () => request(supplierApi.getMySupplier, {}, { quiet: true }),
    enabled: enabled ?? isBidder,
  });
};
