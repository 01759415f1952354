import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const updateTender = (input: RouteInput<typeof tenderApi.updateTtender>) =>
  request(tenderApi.updateTtender, input);

export function useUpdateTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
