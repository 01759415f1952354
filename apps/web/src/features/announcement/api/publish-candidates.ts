import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import type { ComparedBid } from '@/hooks/use-bid-comparison';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

/** An opened bid, as the comparison lists it, that may be put up as a candidate. */
export type CandidateBid = ComparedBid;

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
