import { useQuery } from '@tanstack/react-query';
import { tenderApi, type Tender } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

/**
 * The whole tender: the route leaves the internal fields out only for bidders, a manager gets
 * them all (the contract's type is the union of both answers).
 */
export const fetchTender = async (id: number): Promise<Tender> => {
  const tender = await request(tenderApi.getTtenderById, { id }, { quiet: true });
  return {
    ...tender,
    minBids: tender.minBids ?? 0,
    invitedSupplierIds: tender.invitedSupplierIds ?? [],
    retenderOf: tender.retenderOf ?? null,
    createdAt: tender.createdAt ?? '',
    updatedAt: tender.updatedAt ?? '',
  };
};

export const useTender = (id: number | undefined) =>
  useQuery({
    queryKey: tenderKeys.detail(id ?? 0),
    queryFn: () => fetchTender(id!),
    enabled: !!id,
  });
