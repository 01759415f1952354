import { useMutation } from '@tanstack/react-query';
import { reportApi, type RouteInput } from '@tender/contracts';
import { download } from '@/lib/request';

type ReportRef = RouteInput<typeof reportApi.downloadReport> & { tenderNo: string; lotNo: number };

/** The report's PDF (Chinese font embedded, its SHA-256 digest printed), saved under a name. */
export const downloadReport = ({ tenderNo, lotNo, ...input }: ReportRef) =>
  download(
    reportApi.downloadReport,
    input,
    `评标报告-${tenderNo}-标段${lotNo}${input.version ? `-v${input.version}` : ''}.pdf`,
  );

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
