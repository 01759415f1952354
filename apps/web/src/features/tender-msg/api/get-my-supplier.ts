import { useQuery } from '@tanstack/react-query';
import { supplierApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { useUserMenu } from '@/stores/session';
import { openTenderKeys } from './keys';

/**
 * The caller's company (its review status decides whether it may sign up). Only a bidder has
 * one: asking for anyone else's would answer 404 (a red line in the console for nothing).
 */
export const useMySupplier = () => {
  const isBidder = useUserMenu()?.roles.includes('bidder') ?? false;
  return useQuery({
    queryKey: openTenderKeys.mySupplier(),
    queryFn: () => request(supplierApi.getMySupplier, {}, { quiet: true }),
    staleTime: 60_000,
    retry: false,
    enabled: isBidder,
  });
};
