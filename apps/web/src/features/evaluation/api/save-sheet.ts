import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deskApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys } from './keys';

/** Saves the whole sheet (as often as the member likes, until submitted); answers the sheet. */
export function useSaveSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    // Errors are shown at their cells by the desk.
    mutationFn: (input: RouteInput<typeof deskApi.saveSheet>) =>
      request(deskApi.saveSheet, input, { quiet: true }),
    onSuccess: (sheet) =>
      queryClient.setQueryData(evaluationKeys.sheet(sheet.tenderId, sheet.lotId), sheet),
  });
}
