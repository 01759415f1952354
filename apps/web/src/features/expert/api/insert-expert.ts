import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expertApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { expertKeys } from './keys';

export const insertExpert = (input: RouteInput<typeof expertApi.insertExpert>) =>
  request(expertApi.insertExpert, input);

/** 新增专家: the profile and its evaluation_expert login in one call. */
export function useInsertExpert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertExpert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expertKeys.all }),
  });
}
