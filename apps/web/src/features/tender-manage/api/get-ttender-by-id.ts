import type { Tender } from '@tender/contracts';
import { useTenderById, type TenderAnswer } from '@/hooks/use-tender';

/**
 * The whole tender: the route leaves the internal fields out only for bidders, a manager gets
 * them all (the contract's type is the union of both answers).
 */
const asManagedTender = (tender: TenderAnswer): Tender => ({
  ...tender,
  minBids: tender.minBids ?? 0,
  invitedSupplierIds: tender.invitedSupplierIds ?? [],
  retenderOf: tender.retenderOf ?? null,
  createdAt: tender.createdAt ?? '',
  updatedAt: tender.updatedAt ?? '',
});

export const useTender = (id: number | undefined) => useTenderById(id, asManagedTender);
