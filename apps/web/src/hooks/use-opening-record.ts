import { useQuery } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';

/** The immutable opening record (with the bidders' confirmations); exists once the bids are opened. */
export const useOpeningRecord = (tenderId: number, enabled = true) =>
  useQuery({
    queryKey: bidOpeningKeys.record(tenderId),
    queryFn: () => request(bidApi.getOpeningRecord, { tenderId }, { quiet: true }),
    enabled,
  });
