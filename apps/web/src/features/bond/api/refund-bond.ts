import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bondApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bondKeys } from './keys';

export const refundBond = (input: RouteInput<typeof bondApi.refundBond>) =>
  request(bondApi.refundBond, input);

/** 退还: the refund date and the bank reference, written to the audit chain. */
export function useRefundBond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundBond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bondKeys.all }),
  });
}
