import { announcementApi } from '@tender/contracts';
import { download } from '@/lib/request';

/** The 中标通知书 as PDF (the winner and managers). */
export const downloadAwardNotice = (tenderId: number, tenderNo?: string) =>
  download(
    announcementApi.getAwardNotice,
    { tenderId },
    `中标通知书${tenderNo ? `-${tenderNo}` : ''}.pdf`,
  );
