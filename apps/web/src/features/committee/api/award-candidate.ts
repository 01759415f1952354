import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys, tenderKeys } from '@/lib/query-keys';
import { committeeKeys } from './keys';

export const awardCandidate = (input: RouteInput<typeof bidApi.awardTtender>) =>
  request(bidApi.awardTtender, input);

/** 定标 of a committee tender: to the first candidate of the report not declined (R 55). */
export function useAwardCandidate(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: awardCandidate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) });
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
      await queryClient.invalidateQueries({ queryKey: tenderKeys.detail(tenderId) });
    },
  });
}
