import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expertApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { expertKeys } from './keys';

export const updateExpert = (input: RouteInput<typeof expertApi.updateExpert>) =>
  request(expertApi.updateExpert, input);

/** 修改专家: the profile, or its status (暂停 with a reason and an end date, 恢复). */
export function useUpdateExpert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expertKeys.all }),
  });
}
