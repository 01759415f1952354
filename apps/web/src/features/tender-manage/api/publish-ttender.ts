import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteInput, tenderApi } from '@tender/contracts';
import { tenderRoutes } from '@/lib/routes';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const publishTender = (input: RouteInput<typeof tenderApi.publishTtender>) =>
  request(tenderRoutes.publishTtender, input);

export function usePublishTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
