import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { FileProtectOutlined, NotificationOutlined } from '@ant-design/icons';
import { lotLabel, tenderApi, type Lot, type PublicTender } from '@tender/contracts';
import { LotTabs } from '@/components/LotTabs';
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

type TenderRef = Pick<PublicTender, 'id' | 'status' | 'mandatory'> & { lots?: readonly Lot[] };
/**
 * A lot (or a one-lot tender) whose candidates may be published: opened, neither awarded nor
 * failed, and not in a committee's hands (its candidates come from the final report).
 */
const PUBLISHABLE: readonly string[] = ['opened', 'evaluated'];

/** A lot's opened valid bids, best ranked first (the candidates to choose from). */
function useValidBids(tenderId: number, enabled: boolean, lotId: number | undefined) {
  const bids = useBidComparison(tenderId, enabled, lotId);
  return (bids.data?.bids ?? [])
    .filter((bid) => bid.valid && bid.status === 'opened')
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
}

/** The 中标通知书 of an awarded lot (or a one-lot tender): its facts and the printable page. */
function NoticeCard({
  tenderId,
  awarded,
  lotId,
}: {
  tenderId: number;
  awarded: boolean;
  lotId: number | undefined;
}) {
  const [showNotice, setShowNotice] = useState(false);
  const notice = useAwardNotice(tenderId, awarded, lotId);
  if (!notice.data) return null;
  return (
    <>
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
      {showNotice && <AwardNoticeModal notice={notice.data} onClose={() => setShowNotice(false)} />}
    </>
  );
}

/**
 * One lot of a tender of several: 该标段流标, or its 中标通知书 once awarded, or
 * 发布候选人公示 for that lot's bids.
 */
function LotPublicity({ tender, lot }: { tender: TenderRef; lot: Lot }) {
  const [publishing, setPublishing] = useState(false);
  const publishable = PUBLISHABLE.includes(lot.status);
  const valid = useValidBids(tender.id, publishable, lot.lotId);
  if (lot.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title="该标段流标"
        description="有效投标不足该标段的最少投标数，该标段不发布候选人公示、不定标，可对该标段重新招标。"
      />
    );
  if (lot.status === 'awarded')
    return <NoticeCard tenderId={tender.id} awarded lotId={lot.lotId} />;
  return (
    <Space wrap>
      <Typography.Text>
        {publishable
          ? `有效投标 ${valid.length} 份`
          : lot.status === 'evaluating'
            ? '该标段评标中，评标报告定稿后方可发布中标候选人公示'
            : '该标段尚未开标'}
      </Typography.Text>
      {publishable && (
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
      )}
      {publishing && (
        <PublishCandidatesModal
          tenderId={tender.id}
          lotId={lot.lotId}
          lotName={lotLabel(lot)}
          bids={valid}
          onClose={() => setPublishing(false)}
        />
      )}
    </Space>
  );
}

/**
 * 公示与异议 (a tab of 招标管理详情): the tender's announcements, 发布候选人公示 after the
 * opening, and the objections with their three-day answer limit. A tender of several lots
 * publishes candidates and issues notices lot by lot (a tab each); the announcements name
 * their lot.
 */
export function PublicityTab({ tender }: { tender: TenderRef }) {
  const opened = tenderApi.bidsAreOpened(tender.status);
  const several = (tender.lots?.length ?? 0) > 1;
  const [publishing, setPublishing] = useState(false);
  const list = useAnnouncementList({ tenderId: tender.id, pageNum: 1, pageSize: 20 });
  const valid = useValidBids(tender.id, opened && !several, undefined);
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
      {several ? (
        <Card size="small" title="各标段中标候选人与中标通知书" data-testid="lot-publicity">
          <LotTabs lots={tender.lots}>
            {(lot) => lot && <LotPublicity tender={tender} lot={lot} />}
          </LotTabs>
        </Card>
      ) : (
        <NoticeCard tenderId={tender.id} awarded={tender.status === 'awarded'} lotId={undefined} />
      )}
      <Card
        size="small"
        title="公告"
        extra={
          !several &&
          PUBLISHABLE.includes(tender.status) && (
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
                  {several && <Tag>{lotLabel({ lotNo: a.lotNo, name: a.lotName })}</Tag>}
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
