import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { questionKeys } from './keys';

/** 答复: once; the answer goes to every signed-up supplier without the asker. */
export function useAnswerQuestion(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof questionApi.answerQuestion>) =>
      request(questionApi.answerQuestion, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all(tenderId) }),
  });
}
