import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionary } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidateDictViews } from './invalidate-dict-views';

/** The server refuses while the type still has items or business records use it. */
export const deleteDictType = (id: number) => request(dictionary.deleteDictType, { id });

export function useDeleteDictType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDictType,
    onSuccess: () => invalidateDictViews(queryClient),
  });
}
