import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys, tenderKeys } from '@/lib/query-keys';
import { committeeKeys } from './keys';

export const declineCandidate = (input: RouteInput<typeof announcementApi.declineCandidate>) =>
  request(announcementApi.declineCandidate, input);

/** 取消候选人资格 (R 55): the award moves to the next candidate not declined. */
export function useDeclineCandidate(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineCandidate,
    onSuccess: async () => {
      // The tender's detail carries each lot's candidates with their declines (reportCandidates).
      await queryClient.invalidateQueries({ queryKey: tenderKeys.detail(tenderId) });
      await queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) });
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
    },
  });
}
