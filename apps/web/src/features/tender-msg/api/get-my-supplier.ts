import { useQuery } from '@tanstack/react-query';
import { supplierApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { openTenderKeys } from './keys';

/** The caller's company (its review status decides whether it may sign up). */
export const useMySupplier = () =>
  useQuery({
    queryKey: openTenderKeys.mySupplier(),
    queryFn: () => request(supplierApi.getMySupplier, {}, { quiet: true }),
    staleTime: 60_000,
    retry: false,
  });
