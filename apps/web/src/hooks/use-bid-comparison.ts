import { useQuery } from '@tanstack/react-query';
import { bidApi, type RouteData } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';

export type BidComparison = RouteData<typeof bidApi.listBidsByTender>;
export type ComparedBid = BidComparison['bids'][number];
export type CollusionWarning = BidComparison['warnings'][number];

/**
 * The opened bids with deviations, ranks, collusion warnings and the award (after opening): what
 * the comparison, the award and the candidates' publicity show of one lot (`lotId`; left out on
 * a one-lot tender).
 */
export const useBidComparison = (tenderId: number, enabled = true, lotId?: number) =>
  useQuery({
    queryKey: bidOpeningKeys.comparison(tenderId, lotId),
    queryFn: () => request(bidApi.listBidsByTender, { tenderId, lotId }, { quiet: true }),
    enabled,
  });
