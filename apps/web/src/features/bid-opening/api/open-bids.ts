import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

export const openBids = (tenderId: number) => request(bidApi.openBids, { id: tenderId });

/**
 * Opens every live bid of the tender and answers the opening record; `onOpened` lets the
 * detail screen refresh the tender itself (its status changes).
 */
export function useOpenBids(tenderId: number, onOpened?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openBids(tenderId),
    onSuccess: async (record) => {
      queryClient.setQueryData(bidOpeningKeys.record(tenderId), record);
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
      await onOpened?.();
    },
  });
}
