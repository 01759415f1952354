import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionary, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidateDictViews } from './invalidate-dict-views';

export const updateDictType = (input: RouteInput<typeof dictionary.updateDictType>) =>
  request(dictionary.updateDictType, input);

export function useUpdateDictType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDictType,
    onSuccess: () => invalidateDictViews(queryClient),
  });
}
