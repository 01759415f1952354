import { useQuery } from '@tanstack/react-query';
import { reportApi } from '@tender/contracts';
import { ApiError, request } from '@/lib/request';
import { committeeKeys } from './keys';

export type EvaluationReport = reportApi.EvaluationReport;

/** A lot's latest 评标报告, or null before the chair has finished (the server answers 404). */
export const fetchReport = (tenderId: number, lotId?: number) =>
  request(reportApi.getReport, { tenderId, lotId }, { quiet: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 404) return null;
    throw error;
  });

export const useReport = (tenderId: number, lotId?: number, enabled = true) =>
  useQuery({
    queryKey: committeeKeys.report(tenderId, lotId),
    queryFn: () => fetchReport(tenderId, lotId),
    enabled,
  });
