import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteInput, tenderApi } from '@tender/contracts';
import { tenderRoutes } from '@/lib/routes';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const deleteTender = (input: RouteInput<typeof tenderApi.deleteTtender>) =>
  request(tenderRoutes.deleteTtender, input);

export function useDeleteTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
