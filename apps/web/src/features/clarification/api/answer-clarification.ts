import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { clarificationKeys } from './keys';

/** Answers a question in text with optional files, once, before its time. */
export function useAnswerClarification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof deskApi.answerClarification>) =>
      request(deskApi.answerClarification, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clarificationKeys.all }),
  });
}
