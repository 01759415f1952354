import { useMutation, useQueryClient } from '@tanstack/react-query';
import { objectionApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export const answerObjection = (input: RouteInput<typeof objectionApi.answerObjection>) =>
  request(objectionApi.answerObjection, input);

export function useAnswerObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerObjection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
