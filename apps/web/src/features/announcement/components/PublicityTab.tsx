import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, List, Space, Typography } from 'antd';
import { FileProtectOutlined, NotificationOutlined } from '@ant-design/icons';
import type { PublicTender } from '@tender/contracts';
import {
  AnnouncementKindTag,
  AnnouncementStatusTag,
  PublicityPeriod,
} from '@/components/AnnouncementView';
import { Countdown } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { useAwardNotice } from '../api/award-notice';
import { AwardNoticeModal } from './AwardNoticeModal';
import { Access } from '@/hooks/use-access';
import { useAnnouncementList } from '../api/list-announcement';
import { useBidComparison } from '@/hooks/use-bid-comparison';
import { ObjectionTable } from './ObjectionTable';
import { PublishCandidatesModal } from './PublishCandidatesModal';

type TenderRef = Pick<PublicTender, 'id' | 'status' | 'mandatory'>;
const OPENED = ['opened', 'awarded', 'failed'];

/**
 * 公示与异议 (a tab of 招标管理详情): the tender's announcements, 发布候选人公示 after the
 * opening, and the objections with their three-day answer limit.
 */
export function PublicityTab({ tender }: { tender: TenderRef }) {
  const opened = OPENED.includes(tender.status);
  const [publishing, setPublishing] = useState(false);
  const [showNotice, setShowNotice] = useState(false);
  const notice = useAwardNotice(tender.id, tender.status === 'awarded');
  const list = useAnnouncementList({ tenderId: tender.id, pageNum: 1, pageSize: 20 });
  const bids = useBidComparison(tender.id, opened);
  const valid = (bids.data?.bids ?? [])
    .filter((bid) => bid.valid && bid.status === 'opened')
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
  if (!opened) return <Empty description="开标后方可发布中标候选人公示" />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {tender.mandatory && (
        <Alert
          type="info"
          showIcon
          title="本项目须先进行中标候选人公示：公示期（不少于 3 天）结束且异议均已答复后方可定标。"
        />
      )}
      {notice.data && (
        <Card
          size="small"
          title="中标通知书"
          extra={
            <Button icon={<FileProtectOutlined />} onClick={() => setShowNotice(true)}>
              查看 / 打印 / 下载
            </Button>
          }
        >
          <Space direction="vertical" size={4}>
            <span>
              中标人：{notice.data.winnerName}，中标金额：
              {formatMoney(notice.data.amount, notice.data.currency)}（{notice.data.amountInWords}）
            </span>
            <span>
              合同签订期限：{formatDateTime(notice.data.contractDeadline)}（通知书发出后 30 日内）{' '}
              <Countdown deadline={notice.data.contractDeadline} prefix="剩 " />
            </span>
          </Space>
        </Card>
      )}
      <Card
        size="small"
        title="公告"
        extra={
          tender.status === 'opened' && (
            <Access code="tender:award">
              <Button
                type="primary"
                icon={<NotificationOutlined />}
                disabled={!valid.length}
                onClick={() => setPublishing(true)}
              >
                发布候选人公示
              </Button>
            </Access>
          )
        }
      >
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} />
        ) : (
          <List
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: <Empty description="尚无公告" /> }}
            renderItem={(a) => (
              <List.Item key={a.id}>
                <Space wrap>
                  <AnnouncementKindTag kind={a.kind} />
                  <AnnouncementStatusTag status={a.status} />
                  <Link to={`/announcementDetail?id=${a.id}`}>{a.title}</Link>
                  {a.publicityStart && (
                    <Typography.Text type="secondary">
                      <PublicityPeriod announcement={a} />
                    </Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card size="small" title="异议">
        <ObjectionTable tenderId={tender.id} />
      </Card>
      {showNotice && notice.data && (
        <AwardNoticeModal notice={notice.data} onClose={() => setShowNotice(false)} />
      )}
      {publishing && (
        <PublishCandidatesModal
          tenderId={tender.id}
          bids={valid}
          onClose={() => setPublishing(false)}
        />
      )}
    </Space>
  );
}
