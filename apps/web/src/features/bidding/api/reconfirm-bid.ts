import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

export const reconfirmBid = (input: RouteInput<typeof bidApi.reconfirmBid>) =>
  request(bidApi.reconfirmBid, input);

/** Confirms an unchanged bid after an amendment asked for it; answers a new receipt. */
export function useReconfirmBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconfirmBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  });
}
