import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

/** Quiet: the award dialog says each refusal itself, a 409 in place (not twice). */
export const awardTender = (input: RouteInput<typeof bidApi.awardTtender>) =>
  request(bidApi.awardTtender, input, { quiet: true });

/** Awards the tender to one opened bid, once; the server drafts the result announcement. */
export function useAwardTender(tenderId: number, onAwarded?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: awardTender,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
      await onAwarded?.();
    },
  });
}
