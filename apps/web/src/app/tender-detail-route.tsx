import type { ReactNode } from 'react';
import TenderDetailScreen, {
  type BidTabsOf,
} from '@/features/tender-manage/screens/TenderDetailScreen';
import { bidOpeningTabs } from '@/features/bid-opening/components/bid-tabs';
import { PublicityTab } from '@/features/announcement/components/PublicityTab';
import { committeeTabs } from '@/features/committee/components/committee-tabs';
import { CommitteeAwardNotice } from '@/features/committee/components/CommitteeAwardNotice';
import { hasCommittee } from '@/features/tender-manage/components/evaluation-form-values';
import { ManagerQuestionsTab } from './question-tab';

/**
 * 招标管理详情 with the bid, opening, record, comparison and award tabs of bid-opening, the
 * committee's 评标委员会 and 评标报告 (committee tenders) after 比价, and the announcement
 * feature's 公示与异议 tab (candidate publicity, objections) before 定标.
 */
const tabs: BidTabsOf = (tender, refresh) => {
  const byCommittee = hasCommittee(tender);
  // A committee tender's candidates and award follow its report: said above both tabs.
  const followReport = (node: ReactNode) =>
    byCommittee ? <CommitteeAwardNotice tenderId={tender.id}>{node}</CommitteeAwardNotice> : node;
  const bidTabs = bidOpeningTabs(tender, refresh).map((tab) =>
    tab.key === 'award' ? { ...tab, children: followReport(tab.children) } : tab,
  );
  const at = bidTabs.findIndex((tab) => tab.key === 'award');
  const publicity = {
    key: 'publicity' as const,
    label: '公示与异议',
    children: followReport(<PublicityTab tender={tender} />),
  };
  const committee = byCommittee ? committeeTabs(tender) : [];
  // 答疑 from publication on (a draft has no bidders to ask).
  const qa =
    tender.status === 'draft'
      ? []
      : [{ key: 'qa' as const, label: '答疑', children: <ManagerQuestionsTab tender={tender} /> }];
  return at < 0
    ? [...qa, ...bidTabs, ...committee, publicity]
    : [...qa, ...bidTabs.slice(0, at), ...committee, publicity, ...bidTabs.slice(at)];
};

export default function TenderDetailRoute() {
  return <TenderDetailScreen bidTabs={tabs} />;
}
