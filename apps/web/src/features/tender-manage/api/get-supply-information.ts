import { useQuery } from '@tanstack/react-query';
import { supplierApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

/** The suppliers signed up for (or invited to) a tender. */
export const useParticipants = (tenderId: number) =>
  useQuery({
    queryKey: tenderKeys.participants(tenderId),
    queryFn: () =>
      request(supplierApi.getSupplyInformationByTenderId, { tenderId }, { quiet: true }),
  });
