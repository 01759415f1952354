import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportApi, type RouteInput } from '@tender/contracts';
import { download, request } from '@/lib/request';
import { evaluationKeys, type LotRef } from './keys';

/** A lot's report (the latest version, or `version`). */
export const useReport = ({ tenderId, lotId }: LotRef, enabled: boolean, version?: number) =>
  useQuery({
    queryKey: evaluationKeys.report(tenderId, lotId, version),
    queryFn: () => request(reportApi.getReport, { tenderId, lotId, version }, { quiet: true }),
    enabled,
  });

/** The chair finishes the lot: the server computes the ranking and makes the report. */
export function useFinishEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    // A 400 about `insufficient` asks the committee's decision: the desk shows it in place.
    mutationFn: (input: RouteInput<typeof reportApi.finishEvaluation>) =>
      request(reportApi.finishEvaluation, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

/** Signs the report: agree, or dissent with a written reason. */
export function useSignReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof reportApi.signReport>) =>
      request(reportApi.signReport, input, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

/** The report's PDF, saved under its tender, lot and version. */
export const downloadReport = (lot: LotRef & { version: number }, fileName: string) =>
  download(reportApi.downloadReport, lot, fileName);
