import { Alert, Card, Statistic, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Countdown, useServerNow } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { formatDateTime } from '@/lib/time';
import { useBidCount } from '../api/get-bid-count';
import { isOpened, type TenderRef } from './tender-ref';

/**
 * 投标情况: before the deadline nothing, not even the count (a count tells competitors how many
 * they face); after it only the number of bids until the opening reveals them.
 */
export function BidCountTab({ tender }: { tender: TenderRef }) {
  const now = useServerNow();
  const closed = Date.parse(tender.bidDeadline) <= now;
  const count = useBidCount(tender.id, closed);

  if (!closed)
    return (
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined />}
        title="投标截止前不公开投标情况"
        description={
          <>
            投标数量和投标人在截止后才可查看，报价内容在开标后才解密。距投标截止（
            {formatDateTime(tender.bidDeadline)}）还有 <Countdown deadline={tender.bidDeadline} />
          </>
        }
      />
    );
  if (count.isError) return <LoadError error={count.error} onRetry={() => count.refetch()} />;
  return (
    <Card variant="borderless" loading={count.isPending}>
      <Statistic title="已收到的有效投标（未撤回）" value={count.data?.count ?? 0} suffix="份" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {isOpened(tender)
          ? '已开标：各投标的报价见「开标记录」和「比价」。'
          : `报价在开标（${formatDateTime(tender.openingAt)}）前保持密封，投标人名称与报价此时不公开。`}
      </Typography.Paragraph>
    </Card>
  );
}
