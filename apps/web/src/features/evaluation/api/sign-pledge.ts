import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys } from './keys';

/** Signs the pledge (无利害关系) or recuses with a reason; a recusal answers the successor. */
export function useSignPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof deskApi.signPledge>) =>
      request(deskApi.signPledge, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}
