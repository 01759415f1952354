import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { questionKeys } from './keys';

/** 提问: a signed-up supplier, until 答疑截止. */
export function useInsertQuestion(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof questionApi.insertQuestion>) =>
      request(questionApi.insertQuestion, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all(tenderId) }),
  });
}
