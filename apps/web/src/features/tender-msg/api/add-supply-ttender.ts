import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { openTenderKeys } from './keys';

/** 报名: the caller's company signs up (idempotent: a second call answers alreadySignedUp). */
export const signUp = (tenderId: number) => request(tenderApi.addSupplyTtender, { tenderId });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openTenderKeys.all }),
  });
}
