import type { Tender } from '@tender/contracts';
import { useTenderById, type TenderAnswer } from '@/hooks/use-tender';

export type ManagedTender = Tender & Pick<TenderAnswer, 'lots' | 'maxLotsPerWinner'>;

/**
 * The whole tender: the route leaves the internal fields out only for bidders, a manager gets
 * them all (the contract's type is the union of both answers), with its lots.
 */
const asManagedTender = (tender: TenderAnswer): ManagedTender => ({
  ...tender,
  minBids: tender.minBids ?? 0,
  invitedSupplierIds: tender.invitedSupplierIds ?? [],
  retenderOf: tender.retenderOf ?? null,
  createdAt: tender.createdAt ?? '',
  updatedAt: tender.updatedAt ?? '',
  questionsUntilDefault: tender.questionsUntilDefault ?? false,
});

export const useTender = (id: number | undefined) => useTenderById(id, asManagedTender);
