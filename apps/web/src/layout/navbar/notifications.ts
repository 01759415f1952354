import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { notificationApi, RouteInput } from '@tender/contracts';
import { notificationRoutes } from '@/lib/routes';
import { request } from '@/lib/request';

/** The bell polls every minute (and when the window regains focus). */
export const NOTIFICATION_POLL_MS = 60_000;
export const LATEST_COUNT = 8;
export const notificationKeys = { all: ['notification'] as const };

/** The latest notifications and the unread count. */
export const useLatestNotifications = () =>
  useQuery({
    queryKey: [...notificationKeys.all, 'latest'],
    queryFn: () =>
      request(
        notificationRoutes.listMyNotification,
        { pageNum: 1, pageSize: LATEST_COUNT },
        // A failed poll stays quiet; the bell keeps what it had.
        { quiet: true, confirmLogout: false },
      ),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const markRead = (input: RouteInput<typeof notificationApi.markRead>) =>
  request(notificationRoutes.markRead, input);

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
