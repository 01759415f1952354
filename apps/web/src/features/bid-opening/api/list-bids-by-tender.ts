import { useQuery } from '@tanstack/react-query';
import { bidApi, type RouteData } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

export type BidComparison = RouteData<typeof bidApi.listBidsByTender>;
export type ComparedBid = BidComparison['bids'][number];
export type CollusionWarning = BidComparison['warnings'][number];

export const fetchBidComparison = (tenderId: number) =>
  request(bidApi.listBidsByTender, { tenderId }, { quiet: true });

/** The opened bids with deviations, ranks, collusion warnings and the award (after opening). */
export const useBidComparison = (tenderId: number, enabled: boolean) =>
  useQuery({
    queryKey: bidOpeningKeys.comparison(tenderId),
    queryFn: () => fetchBidComparison(tenderId),
    enabled,
  });
