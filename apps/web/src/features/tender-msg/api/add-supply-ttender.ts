import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from '@/lib/query-keys';
import { openTenderKeys } from './keys';

/** 报名: the caller's company signs up (idempotent: a second call answers alreadySignedUp). */
export const signUp = (tenderId: number) => request(tenderApi.addSupplyTtender, { tenderId });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // The tender's own answer carries the caller's sign-up, and its amendments open to it.
    onSuccess: (_, tenderId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: openTenderKeys.all }),
        queryClient.invalidateQueries({ queryKey: tenderKeys.detail(tenderId) }),
        queryClient.invalidateQueries({ queryKey: tenderKeys.amendments(tenderId) }),
      ]),
  });
}
