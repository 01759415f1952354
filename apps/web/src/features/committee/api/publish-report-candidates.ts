import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from '@/lib/query-keys';
import { committeeKeys } from './keys';

export const publishReportCandidates = (
  input: RouteInput<typeof announcementApi.publishCandidates>,
) => request(announcementApi.publishCandidates, input);

/** 发布候选人公示 of a committee tender: the report's candidates in the report's order. */
export function usePublishReportCandidates(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishReportCandidates,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) });
      // The announcements list (公示与异议) reads under this key; the detail, the publicity's time.
      await queryClient.invalidateQueries({ queryKey: ['announcement'] });
      await queryClient.invalidateQueries({ queryKey: tenderKeys.detail(tenderId) });
    },
  });
}
