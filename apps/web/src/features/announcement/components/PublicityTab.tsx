import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, List, Space, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import type { PublicTender } from '@tender/contracts';
import {
  AnnouncementKindTag,
  AnnouncementStatusTag,
  PublicityPeriod,
} from '@/components/AnnouncementView';
import { LoadError } from '@/components/LoadError';
import { Access } from '@/lib/permissions';
import { useAnnouncementList } from '../api/list-announcement';
import { useOpenedBids } from '../api/publish-candidates';
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
  const list = useAnnouncementList({ tenderId: tender.id, pageNum: 1, pageSize: 20 });
  const bids = useOpenedBids(tender.id, opened);
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
