import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys, type LotRef } from './keys';

/** The lot's clarifications, for the committee (the asker's name included). */
export const useLotClarifications = ({ tenderId, lotId }: LotRef, enabled: boolean) =>
  useQuery({
    queryKey: evaluationKeys.clarifications(tenderId, lotId),
    queryFn: () => request(deskApi.listClarification, { tenderId, lotId }, { quiet: true }),
    enabled,
  });

/** Asks a bidder a written question with a time to answer by (≥ 30 minutes ahead). */
export function useAskClarification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof deskApi.askClarification>) =>
      request(deskApi.askClarification, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}
