import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from '@/lib/query-keys';
import { openTenderKeys } from './keys';

/** What 报名 sends: the tender, and on a tender of several lots the lots chosen (`lotIds=1,2`). */
export interface SignUpInput {
  tenderId: number;
  lotIds?: number[];
}

/**
 * 报名: the caller's company signs up (idempotent: a second call answers alreadySignedUp); a
 * second call with more lots adds them, never removes any.
 */
export const signUp = ({ tenderId, lotIds }: SignUpInput) =>
  request(
    tenderApi.addSupplyTtender,
    lotIds ? { tenderId, lotIds: lotIds.join(',') } : { tenderId },
  );

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // The tender's own answer carries the caller's sign-up, and its amendments open to it.
    onSuccess: (_, { tenderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: openTenderKeys.all }),
        queryClient.invalidateQueries({ queryKey: tenderKeys.detail(tenderId) }),
        queryClient.invalidateQueries({ queryKey: tenderKeys.amendments(tenderId) }),
      ]),
  });
}
