import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { announcementKeys } from './keys';

export const updateAnnouncement = (input: RouteInput<typeof announcementApi.updateAnnouncement>) =>
  request(announcementApi.updateAnnouncement, input);

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
