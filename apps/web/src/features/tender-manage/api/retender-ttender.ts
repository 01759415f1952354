import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteInput, tenderApi } from '@tender/contracts';
import { tenderRoutes } from '@/lib/routes';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const retenderTender = (input: RouteInput<typeof tenderApi.retenderTtender>) =>
  request(tenderRoutes.retenderTtender, input);

export function useRetenderTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retenderTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
