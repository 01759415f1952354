import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from '@/lib/query-keys';
import { announcementKeys } from './keys';

export const publishAnnouncement = (
  input: RouteInput<typeof announcementApi.publishAnnouncement>,
) => request(announcementApi.publishAnnouncement, input);

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAnnouncement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: bidOpeningKeys.all }),
      ]),
  });
}
