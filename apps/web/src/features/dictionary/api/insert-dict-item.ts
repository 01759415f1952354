import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionary, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidateDictViews } from './invalidate-dict-views';

export const insertDictItem = (input: RouteInput<typeof dictionary.insertDictItem>) =>
  request(dictionary.insertDictItem, input);

export function useInsertDictItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertDictItem,
    onSuccess: () => invalidateDictViews(queryClient),
  });
}
