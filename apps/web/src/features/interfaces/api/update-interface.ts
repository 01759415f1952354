import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiInterface, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { interfaceKeys } from '@/lib/query-keys';

export const updateInterface = (input: RouteInput<typeof apiInterface.updateInterface>) =>
  request(apiInterface.updateInterface, input);

export function useUpdateInterface() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInterface,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interfaceKeys.all }),
  });
}
