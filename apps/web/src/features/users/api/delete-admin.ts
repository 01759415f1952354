import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/features/roles/api/keys';
import { adminKeys } from './keys';

export const deleteAdmin = (userid: number) => request(admin.deleteAdmin, { userid });

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
