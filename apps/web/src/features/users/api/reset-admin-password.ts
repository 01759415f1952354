import { useMutation } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';

export const resetAdminPassword = (input: RouteInput<typeof admin.updateAdminPasswordById>) =>
  request(admin.updateAdminPasswordById, input);

/** An administrator sets a user's password; the server revokes that user's old tokens. */
export const useResetAdminPassword = () => useMutation({ mutationFn: resetAdminPassword });
