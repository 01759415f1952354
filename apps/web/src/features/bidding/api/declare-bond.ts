import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bondApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { myBondKeys } from './list-my-bond';

export const declareBond = (input: RouteInput<typeof bondApi.declareBond>) =>
  request(bondApi.declareBond, input);

/** 申报 / 重新申报 a lot's bid bond (before the deadline; a new one replaces the last). */
export function useDeclareBond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declareBond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myBondKeys.all }),
  });
}
