import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys } from './keys';

/** The chair re-opens a member's submitted sheet (once per member, with a reason). */
export function useReopenSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof deskApi.reopenSheet>) =>
      request(deskApi.reopenSheet, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}
