import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { refreshUserMenu } from '@/stores/session';
import { myInfoKey } from './get-my-info';

export const updateMyInfo = (input: RouteInput<typeof admin.updateMyInfo>) =>
  request(admin.updateMyInfo, input);

export function useUpdateMyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyInfo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myInfoKey });
      // The top bar shows the real name from the session's menu answer.
      await refreshUserMenu();
    },
  });
}
