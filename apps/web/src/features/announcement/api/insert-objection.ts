import { useMutation, useQueryClient } from '@tanstack/react-query';
import { objectionApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export const insertObjection = (input: RouteInput<typeof objectionApi.insertObjection>) =>
  request(objectionApi.insertObjection, input);

/** A signed-up supplier's 异议 against an announcement, during its publicity. */
export function useInsertObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertObjection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
