import { useQuery } from '@tanstack/react-query';
import { tenderApi, type RouteData } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from '@/lib/query-keys';

export type TenderAnswer = RouteData<typeof tenderApi.getTtenderById>;

/**
 * One tender as the route answers the caller (the internal fields only for managers; a bidder's
 * answer carries its participation); `select` shapes it for a screen without a second cache entry.
 */
export const useTenderById = <T = TenderAnswer>(
  id: number | undefined,
  select?: (tender: TenderAnswer) => T,
) =>
  useQuery({
    queryKey: tenderKeys.detail(id ?? 0),
    queryFn: () => request(tenderApi.getTtenderById, { id: id! }, { quiet: true }),
    enabled: !!id,
    select,
  });

/** The tender's 澄清/修改 (its managers, and a signed-up supplier, may read them). */
export const useTenderAmendments = (tenderId: number, enabled = true) =>
  useQuery({
    queryKey: tenderKeys.amendments(tenderId),
    queryFn: () => request(tenderApi.listAmendments, { tenderId }, { quiet: true }),
    enabled,
  });
