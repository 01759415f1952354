import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionary } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidateDictViews } from './invalidate-dict-views';

export const deleteDictItem = (id: number) => request(dictionary.deleteDictItem, { id });

export function useDeleteDictItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDictItem,
    onSuccess: () => invalidateDictViews(queryClient),
  });
}
