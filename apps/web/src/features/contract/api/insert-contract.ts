import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contractApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { contractKeys } from './keys';

/** 录入合同: once per awarded lot, for the awarded amount. */
export function useInsertContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof contractApi.insertContract>) =>
      request(contractApi.insertContract, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
