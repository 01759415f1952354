import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';

/** Confirms the opening record, or objects to it with a text (once, before confirmUntil). */
export function useConfirmOpeningRecord(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RouteInput<typeof bidApi.confirmOpeningRecord>, 'tenderId'>) =>
      request(bidApi.confirmOpeningRecord, { ...input, tenderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidOpeningKeys.record(tenderId) }),
  });
}
