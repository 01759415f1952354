import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

export const withdrawBid = (bidId: number) => request(bidApi.withdrawBid, { bidId });

/** Withdraws the live bid before the deadline; answers the withdrawal's receipt. */
export function useWithdrawBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  });
}
