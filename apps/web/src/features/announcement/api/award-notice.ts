import { useQuery } from '@tanstack/react-query';
import { announcementApi } from '@tender/contracts';
import { download, request } from '@/lib/request';

/** The 中标通知书 of a lot as PDF (the winner and managers); `lotNo` names the file's lot. */
export const downloadAwardNotice = (
  tenderId: number,
  tenderNo?: string,
  lot?: { lotId: number; lotNo: number },
) =>
  download(
    announcementApi.getAwardNotice,
    { tenderId, lotId: lot?.lotId },
    `中标通知书${tenderNo ? `-${tenderNo}` : ''}${lot ? `-标段${lot.lotNo}` : ''}.pdf`,
  );

/**
 * A lot's notice content for the printable page (`lotId` left out: a one-lot tender's);
 * refused (quietly) to anyone but the winner and managers.
 */
export const useAwardNotice = (tenderId: number | undefined, enabled = true, lotId?: number) =>
  useQuery({
    queryKey: ['announcement', 'award-notice', tenderId, lotId ?? null],
    queryFn: () =>
      request(announcementApi.getAwardNoticeData, { tenderId: tenderId!, lotId }, { quiet: true }),
    enabled: enabled && !!tenderId,
    retry: false,
  });
