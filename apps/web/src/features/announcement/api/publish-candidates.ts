import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementApi, bidApi, type RouteData, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export type CandidateBid = RouteData<typeof bidApi.listBidsByTender>['bids'][number];

/** The opened bids of a tender (to rank the candidates from). */
export const useOpenedBids = (tenderId: number, enabled = true) =>
  useQuery({
    queryKey: announcementKeys.bids(tenderId),
    queryFn: () => request(bidApi.listBidsByTender, { tenderId }, { quiet: true }),
    enabled,
  });

export const publishCandidates = (input: RouteInput<typeof announcementApi.publishCandidates>) =>
  request(announcementApi.publishCandidates, input);

/** 发布候选人公示: up to three ranked opened valid bids; answers the draft's id. */
export function usePublishCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishCandidates,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
