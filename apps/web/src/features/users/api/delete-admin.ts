import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';
import { adminKeys } from '@/lib/query-keys';

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
