import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deskApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys, type LotRef } from './keys';

/** Submits (locks) the caller's sheet; answers it with the others' submitted sheets. */
export function useSubmitSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lot: LotRef) => request(deskApi.submitSheet, lot, { quiet: true }),
    onSuccess: (sheet, lot) => {
      queryClient.setQueryData(evaluationKeys.sheet(lot.tenderId, lot.lotId), sheet);
      return queryClient.invalidateQueries({ queryKey: evaluationKeys.taskLists });
    },
  });
}
