import TenderDetailScreen from '@/features/tender-manage/screens/TenderDetailScreen';
import { bidOpeningTabs } from '@/features/bid-opening/components/bid-tabs';

/** 招标管理详情 with the bid, opening, record, comparison and award tabs of bid-opening. */
export default function TenderDetailRoute() {
  return <TenderDetailScreen bidTabs={bidOpeningTabs} />;
}
