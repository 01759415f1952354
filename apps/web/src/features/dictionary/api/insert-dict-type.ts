import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionary, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidateDictViews } from './invalidate-dict-views';

export const insertDictType = (input: RouteInput<typeof dictionary.insertDictType>) =>
  request(dictionary.insertDictType, input);

export function useInsertDictType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDictType,
    onSuccess: () => invalidateDictViews(queryClient),
  });
}
