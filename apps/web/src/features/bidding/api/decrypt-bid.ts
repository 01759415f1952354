import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { ATTACHMENT_WORK_TIMEOUT_MS, biddingKeys } from './keys';

export const decryptBid = (input: RouteInput<typeof bidApi.decryptBid>) =>
  request(bidApi.decryptBid, input, { quiet: true, timeoutMs: ATTACHMENT_WORK_TIMEOUT_MS });

/** Sends the content key during the decryption window; the server decrypts and checks the digest. */
export function useDecryptBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decryptBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biddingKeys.all }),
  });
}
