import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bondApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bondKeys } from './keys';

export const verifyBond = (input: RouteInput<typeof bondApi.verifyBond>) =>
  request(bondApi.verifyBond, input);

/** 核验 / 驳回: finance checks the declaration against the bank or the guarantee. */
export function useVerifyBond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyBond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bondKeys.all }),
  });
}
