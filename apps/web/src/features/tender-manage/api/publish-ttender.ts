import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const publishTender = (input: RouteInput<typeof tenderApi.publishTtender>) =>
  request(tenderApi.publishTtender, input);

export function usePublishTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
