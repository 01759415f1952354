import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { committeeKeys } from './keys';

export const returnReport = (input: RouteInput<typeof reportApi.returnReport>) =>
  request(reportApi.returnReport, input);

/** 退回评标报告: the sheets re-open and the committee makes a new version. */
export function useReturnReport(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) }),
  });
}
