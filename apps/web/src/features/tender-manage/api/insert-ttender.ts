import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const insertTender = (input: RouteInput<typeof tenderApi.insertTtender>) =>
  request(tenderApi.insertTtender, input);

export function useInsertTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
