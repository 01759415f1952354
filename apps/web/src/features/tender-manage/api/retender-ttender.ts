import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const retenderTender = (input: RouteInput<typeof tenderApi.retenderTtender>) =>
  request(tenderApi.retenderTtender, input);

export function useRetenderTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retenderTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
