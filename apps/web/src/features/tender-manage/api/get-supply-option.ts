import { useQuery } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

/** Approved suppliers as select options (invitees, invitations). */
export const useSupplierOptions = (enabled = true) =>
  useQuery({
    queryKey: tenderKeys.supplierOptions(),
    queryFn: () => request(tenderApi.getSupplyOption, {}, { quiet: true }),
    staleTime: 60_000,
    enabled,
  });
