import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bidApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { bidOpeningKeys } from './keys';

/** How often the console asks who has decrypted. */
export const CEREMONY_POLL_MS = 3000;

/** The running `bidder`-mode opening: who has decrypted (never what), polled while it runs. */
export const useOpeningCeremony = (tenderId: number, enabled: boolean) =>
  useQuery({
    queryKey: bidOpeningKeys.ceremony(tenderId),
    queryFn: () => request(bidApi.getOpeningCeremony, { tenderId }, { quiet: true }),
    enabled,
    refetchInterval: enabled ? CEREMONY_POLL_MS : false,
  });

/** 延长解密时间: once, with minutes and a reason. */
export function useExtendDecryption(tenderId: number, onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RouteInput<typeof bidApi.extendDecryption>, 'id'>) =>
      request(bidApi.extendDecryption, { ...input, id: tenderId }),
    onSuccess: async (ceremony) => {
      queryClient.setQueryData(bidOpeningKeys.ceremony(tenderId), ceremony);
      await onChanged?.();
    },
  });
}

/** 结束解密并生成开标记录: when all have decrypted or the window has ended. */
export function useFinishOpening(tenderId: number, onFinished?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(bidApi.finishOpening, { id: tenderId }),
    onSuccess: async (record) => {
      queryClient.setQueryData(bidOpeningKeys.record(tenderId), record);
      await queryClient.invalidateQueries({ queryKey: bidOpeningKeys.tender(tenderId) });
      await onFinished?.();
    },
  });
}

/** Answers a supplier's objection to the opening record (once; part of the record). */
export function useAnswerObjection(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { supplierId: number; answer: string }) =>
      request(bidApi.answerOpeningObjection, { ...input, tenderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidOpeningKeys.record(tenderId) }),
  });
}
