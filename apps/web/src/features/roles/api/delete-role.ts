import { useMutation, useQueryClient } from '@tanstack/react-query';
import { role } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';

/** The server answers 409 while users still hold the role; the wrapper shows its reason. */
export const deleteRole = (roleId: number) => request(role.deleteRole, { roleId });

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
