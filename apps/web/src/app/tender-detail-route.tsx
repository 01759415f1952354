import TenderDetailScreen, {
  type BidTabsOf,
} from '@/features/tender-manage/screens/TenderDetailScreen';
import { bidOpeningTabs } from '@/features/bid-opening/components/bid-tabs';
import { PublicityTab } from '@/features/announcement/components/PublicityTab';
import { committeeTabs } from '@/features/committee/components/committee-tabs';
import { hasCommittee } from '@/features/tender-manage/components/evaluation-form-values';

/**
 * 招标管理详情 with the bid, opening, record, comparison and award tabs of bid-opening, the
 * committee's 评标委员会 and 评标报告 (committee tenders) after 比价, and the announcement
 * feature's 公示与异议 tab (candidate publicity, objections) before 定标.
 */
const tabs: BidTabsOf = (tender, refresh) => {
  const bidTabs = bidOpeningTabs(tender, refresh);
  const at = bidTabs.findIndex((tab) => tab.key === 'award');
  const publicity = {
    key: 'publicity' as const,
    label: '公示与异议',
    children: <PublicityTab tender={tender} />,
  };
  const committee = hasCommittee(tender) ? committeeTabs(tender) : [];
  return at < 0
    ? [...bidTabs, ...committee, publicity]
    : [...bidTabs.slice(0, at), ...committee, publicity, ...bidTabs.slice(at)];
};

export default function TenderDetailRoute() {
  return <TenderDetailScreen bidTabs={tabs} />;
}
