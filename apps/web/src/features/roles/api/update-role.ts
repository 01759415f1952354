import { useMutation, useQueryClient } from '@tanstack/react-query';
import { role, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { adminKeys } from '@/lib/query-keys';
import { roleKeys } from '@/lib/query-keys';

export const updateRole = (input: RouteInput<typeof role.updateRole>) =>
  request(role.updateRole, input);

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      // The user list shows role names.
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
