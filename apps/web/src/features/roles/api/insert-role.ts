import { useMutation, useQueryClient } from '@tanstack/react-query';
import { role, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';

export const insertRole = (input: RouteInput<typeof role.insertRole>) =>
  request(role.insertRole, input);

export function useInsertRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
