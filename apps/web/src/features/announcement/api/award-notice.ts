import { useQuery } from '@tanstack/react-query';
import { announcementApi } from '@tender/contracts';
import { download, request } from '@/lib/request';

/** The 中标通知书 as PDF (the winner and managers). */
export const downloadAwardNotice = (tenderId: number, tenderNo?: string) =>
  download(
    announcementApi.getAwardNotice,
    { tenderId },
    `中标通知书${tenderNo ? `-${tenderNo}` : ''}.pdf`,
  );

/** The notice's content for the printable page; refused (quietly) to anyone but the winner and managers. */
export const useAwardNotice = (tenderId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: ['announcement', 'award-notice', tenderId],
    queryFn: () =>
      request(announcementApi.getAwardNoticeData, { tenderId: tenderId! }, { quiet: true }),
    enabled: enabled && !!tenderId,
    retry: false,
  });
