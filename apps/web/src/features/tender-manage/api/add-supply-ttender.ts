import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const inviteSupplier = (input: RouteInput<typeof tenderApi.addSupplyTtender>) =>
  request(tenderApi.addSupplyTtender, input);

export function useInviteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
