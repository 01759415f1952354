import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

/** Confirms the opening record, or objects to it with a text (once, before confirmUntil). */
export function useConfirmOpeningRecord(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RouteInput<typeof bidApi.confirmOpeningRecord>, 'tenderId'>) =>
      request(bidApi.confirmOpeningRecord, { ...input, tenderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.record(tenderId) }),
  });
}
