import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionary, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidateDictViews } from './invalidate-dict-views';

export const updateDictItem = (input: RouteInput<typeof dictionary.updateDictItem>) =>
  request(dictionary.updateDictItem, input);

export function useUpdateDictItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDictItem,
    onSuccess: () => invalidateDictViews(queryClient),
  });
}
