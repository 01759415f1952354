import { useQuery } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

export const fetchOpeningRecord = (tenderId: number) =>
  request(bidApi.getOpeningRecord, { tenderId }, { quiet: true });

/** The immutable opening record; exists once the bids are opened. */
export const useOpeningRecord = (tenderId: number, enabled: boolean) =>
  useQuery({
    queryKey: bidOpeningKeys.record(tenderId),
    queryFn: () => fetchOpeningRecord(tenderId),
    enabled,
  });
