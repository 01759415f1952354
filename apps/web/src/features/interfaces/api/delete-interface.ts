import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiInterface } from '@tender/contracts';
import { request } from '@/lib/request';
import { interfaceKeys } from '@/lib/query-keys';

/** The server refuses to delete its own routes. */
export const deleteInterface = (id: number) => request(apiInterface.deleteInterface, { id });

export function useDeleteInterface() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInterface,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interfaceKeys.all }),
  });
}
