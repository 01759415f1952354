import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { roleKeys } from '@/lib/query-keys';
import { adminKeys } from '@/lib/query-keys';

export const updateAdmin = (input: RouteInput<typeof admin.updateAdmin>) =>
  request(admin.updateAdmin, input);

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
