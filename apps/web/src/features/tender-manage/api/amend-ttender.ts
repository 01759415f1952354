import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export type AmendInput = RouteInput<typeof tenderApi.amendTtender>;

export const amendTender = (input: AmendInput) => request(tenderApi.amendTtender, input);

/** `preview: true` answers the resulting dates without saving; only a real amendment refreshes. */
export function useAmendTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: amendTender,
    onSuccess: (_data, input) =>
      input.preview ? undefined : queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
