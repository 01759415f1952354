import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

export const openBids = (tenderId: number) => request(bidApi.openBids, { id: tenderId });

/**
 * 开标. `server` mode answers the opening record; `bidder` mode the started ceremony (the
 * decryption window). `onOpened` lets the detail screen refresh the tender (its status changes).
 */
export function useOpenBids(tenderId: number, onOpened?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openBids(tenderId),
    onSuccess: async (answer) => {
      const key =
        'entries' in answer ? bidOpeningKeys.record(tenderId) : bidOpeningKeys.ceremony(tenderId);
      queryClient.setQueryData(key, answer);
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
      await onOpened?.();
    },
  });
}
