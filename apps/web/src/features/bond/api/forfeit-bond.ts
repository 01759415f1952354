import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bondApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bondKeys } from './keys';

export const forfeitBond = (input: RouteInput<typeof bondApi.forfeitBond>) =>
  request(bondApi.forfeitBond, input);

/** 没收: on a ground of law (R 35, R 74), with a reason, written to the audit chain. */
export function useForfeitBond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forfeitBond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bondKeys.all }),
  });
}
