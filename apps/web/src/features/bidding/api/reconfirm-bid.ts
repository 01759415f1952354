import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { biddingKeys } from './keys';

export const reconfirmBid = (bidId: number) => request(bidApi.reconfirmBid, { bidId });

/** Confirms an unchanged bid after an amendment asked for it; answers a new receipt. */
export function useReconfirmBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconfirmBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  });
}
