import type { announcementApi, Lot } from '@tender/contracts';
import { CommitteeTab } from './CommitteeTab';
import { ReportTab } from './ReportTab';
import { pastBidDeadline } from './committee-rules';

const OPENED = ['opened', 'evaluating', 'evaluated', 'awarded', 'failed'];

/**
 * The detail screen's tabs of a committee tender: 评标委员会 once the bid deadline has passed,
 * 评标报告 once bids are opened. `app/` adds them for tenders whose evaluation has a committee.
 */
export function committeeTabs(tender: {
  id: number;
  tenderNo: string;
  status: string;
  mandatory: boolean;
  category: string;
  lots?: readonly Lot[];
  reportCandidates?: readonly announcementApi.ReportCandidates[];
}) {
  if (!pastBidDeadline(tender.status)) return [];
  return [
    {
      key: 'committee' as const,
      label: '评标委员会',
      children: <CommitteeTab tender={tender} />,
    },
    ...(OPENED.includes(tender.status)
      ? [{ key: 'report' as const, label: '评标报告', children: <ReportTab tender={tender} /> }]
      : []),
  ];
}
