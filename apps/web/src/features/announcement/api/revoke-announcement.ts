import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';
import { announcementKeys } from './keys';

export const revokeAnnouncement = (input: RouteInput<typeof announcementApi.revokeAnnouncement>) =>
  request(announcementApi.revokeAnnouncement, input);

export function useRevokeAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAnnouncement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: bidOpeningKeys.all }),
      ]),
  });
}
