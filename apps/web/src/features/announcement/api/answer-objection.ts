import { useMutation, useQueryClient } from '@tanstack/react-query';
import { objectionApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';
import { announcementKeys } from './keys';

export const answerObjection = (input: RouteInput<typeof objectionApi.answerObjection>) =>
  request(objectionApi.answerObjection, input);

export function useAnswerObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerObjection,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: bidOpeningKeys.all }),
      ]),
  });
}
