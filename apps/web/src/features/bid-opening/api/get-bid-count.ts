import { useQuery } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

export const fetchBidCount = (tenderId: number) =>
  request(bidApi.getBidCount, { tenderId }, { quiet: true });

/** How many bids a tender received; the server answers only after the deadline (409 before). */
export const useBidCount = (tenderId: number, enabled: boolean) =>
  useQuery({
    queryKey: bidOpeningKeys.count(tenderId),
    queryFn: () => fetchBidCount(tenderId),
    enabled,
  });
