import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

export const withdrawBid = (input: RouteInput<typeof bidApi.withdrawBid>) =>
  request(bidApi.withdrawBid, input);

/** Withdraws the live bid on a lot before the deadline; answers the withdrawal's receipt. */
export function useWithdrawBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  });
}
