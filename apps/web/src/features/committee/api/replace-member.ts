import { useMutation, useQueryClient } from '@tanstack/react-query';
import { committeeApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { committeeKeys } from './keys';

export const replaceMember = (input: RouteInput<typeof committeeApi.replaceMember>) =>
  request(committeeApi.replaceMember, input);

/** 更换: the member's sheets are void; the next standby (or a new draw) takes the seat. */
export function useReplaceMember(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) }),
  });
}
