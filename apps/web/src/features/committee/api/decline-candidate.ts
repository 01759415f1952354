import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';
import { committeeKeys } from './keys';

export const declineCandidate = (input: RouteInput<typeof announcementApi.declineCandidate>) =>
  request(announcementApi.declineCandidate, input);

const declinesKey = (tenderId: number, lotId?: number) =>
  ['candidate-declines', tenderId, lotId ?? null] as const;

/**
 * The candidates declined from this screen (no contract reads them back yet): the award button
 * moves on to the next, and the server refuses any other award with 409 naming the rule.
 */
export const useDeclinedBids = (tenderId: number, lotId?: number) =>
  useQuery({
    queryKey: declinesKey(tenderId, lotId),
    queryFn: () => [] as number[],
    staleTime: Infinity,
  }).data ?? [];

/** 取消候选人资格 (R 55): the award moves to the next candidate not declined. */
export function useDeclineCandidate(tenderId: number, lotId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineCandidate,
    onSuccess: async (declined) => {
      queryClient.setQueryData<number[]>(declinesKey(tenderId, lotId), (old = []) => [
        ...old,
        declined.bidId,
      ]);
      await queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) });
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
    },
  });
}
