import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { ATTACHMENT_WORK_TIMEOUT_MS, biddingKeys } from './keys';

export const submitBid = (input: RouteInput<typeof bidApi.submitBid>) =>
  request(bidApi.submitBid, input, { timeoutMs: ATTACHMENT_WORK_TIMEOUT_MS });

/** Submits a quotation or a new revision of it; answers the receipt. */
export function useSubmitBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  });
}
