import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiInterface, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { interfaceKeys } from '@/lib/query-keys';

export const insertInterface = (input: RouteInput<typeof apiInterface.insertInterface>) =>
  request(apiInterface.insertInterface, input);

export function useInsertInterface() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertInterface,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interfaceKeys.all }),
  });
}
