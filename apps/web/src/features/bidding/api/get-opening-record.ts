import { useQuery } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

/** The opening record of a tender the company bid in (after the opening). */
export const useBidOpeningRecord = (tenderId: number) =>
  useQuery({
    queryKey: biddingKeys.record(tenderId),
    queryFn: () => request(bidApi.getOpeningRecord, { tenderId }, { quiet: true }),
  });
