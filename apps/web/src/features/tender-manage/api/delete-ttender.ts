import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const deleteTender = (input: RouteInput<typeof tenderApi.deleteTtender>) =>
  request(tenderApi.deleteTtender, input);

export function useDeleteTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
