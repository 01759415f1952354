import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';
import { adminKeys } from '@/lib/query-keys';

export const insertAdmin = (input: RouteInput<typeof admin.insertAdmin>) =>
  request(admin.insertAdmin, input);

export function useInsertAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertAdmin,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // A role's user count changes with its users.
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
