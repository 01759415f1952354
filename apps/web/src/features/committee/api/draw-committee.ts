import { useMutation, useQueryClient } from '@tanstack/react-query';
import { committeeApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { committeeKeys } from './keys';

export const drawCommittee = (input: RouteInput<typeof committeeApi.drawCommittee>) =>
  request(committeeApi.drawCommittee, input);

/** 抽取: the server draws the experts and answers the committee, which becomes the cached one. */
export function useDrawCommittee(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: drawCommittee,
    onSuccess: (committee) => {
      queryClient.setQueryData(committeeKeys.committee(tenderId), committee);
      return queryClient.invalidateQueries({ queryKey: committeeKeys.tender(tenderId) });
    },
  });
}
