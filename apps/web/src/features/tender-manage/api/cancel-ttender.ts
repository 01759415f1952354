import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const cancelTender = (input: RouteInput<typeof tenderApi.cancelTtender>) =>
  request(tenderApi.cancelTtender, input);

export function useCancelTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
