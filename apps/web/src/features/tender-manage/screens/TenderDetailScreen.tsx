import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import {
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  RedoOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { Tender } from '@tender/contracts';
import { ApiError } from '@/lib/request';
import { useAccess } from '@/hooks/use-access';
import { Countdown } from '@/components/Countdown';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { LoadError } from '@/components/LoadError';
import { PageContainer } from '@/components/PageContainer';
import { useTender } from '../api/get-ttender-by-id';
import { TenderInfoTab } from '../components/TenderInfoTab';
import { TenderDocumentsTab } from '../components/TenderDocumentsTab';
import { ParticipantsTab } from '../components/ParticipantsTab';
import { AmendmentsTab } from '../components/AmendmentsTab';
import { TenderLogTab } from '../components/TenderLogTab';
import { TenderFormModal } from '../components/TenderFormModal';
import { AmendTenderModal } from '../components/AmendTenderModal';
import { CancelTenderModal } from '../components/CancelTenderModal';
import { useTenderActions } from '../components/use-tender-actions';
import '../tender-manage.css';
import { formatDateTime } from '@/lib/time';

/**
 * The detail screen's tabs, in order (`?tab=`). This feature draws info, documents,
 * participants, amendments and log; the ones between come from bid-opening, committee and
 * announcement, assembled by `app/tender-detail-route.tsx`.
 */
export const TENDER_DETAIL_TAB_KEYS = [
  'info',
  'documents',
  'participants',
  'qa',
  'bids',
  'opening',
  'opening-record',
  'comparison',
  'committee',
  'report',
  'publicity',
  'award',
  'amendments',
  'log',
] as const;
export type TenderDetailTab = (typeof TENDER_DETAIL_TAB_KEYS)[number];
type TenderDetailTabItem = { key: TenderDetailTab; label: string; children: ReactNode };
/** The bid tabs another feature supplies; `app/` assembles them (features do not import each other). */
export type BidTabsOf = (tender: Tender, refresh: () => unknown) => TenderDetailTabItem[];

function tabsOf(tender: Tender, bidTabs: TenderDetailTabItem[] = []): TenderDetailTabItem[] {
  return [
    { key: 'info', label: '基本信息', children: <TenderInfoTab tender={tender} /> },
    {
      key: 'documents',
      label: `招标文件（${tender.documents.length}）`,
      children: <TenderDocumentsTab tender={tender} />,
    },
    { key: 'participants', label: '投标人', children: <ParticipantsTab tender={tender} /> },
    ...bidTabs,
    {
      key: 'amendments',
      label: tender.amendmentCount ? `澄清/修改（${tender.amendmentCount}）` : '澄清/修改',
      children: <AmendmentsTab tenderId={tender.id} />,
    },
    { key: 'log', label: '变更日志', children: <TenderLogTab tenderId={tender.id} /> },
  ];
}

/** 招标管理详情: one tender with its actions and tabs; `?id=` names it, `?tab=` the open tab. */
export default function TenderDetailScreen({ bidTabs }: { bidTabs?: BidTabsOf }) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const tender = useTender(validId);
  const navigate = useNavigate();

  if (!validId || (tender.error instanceof ApiError && tender.error.code === 404)) {
    return (
      <PageContainer>
        <Result
          status="404"
          title="未找到该招标项目"
          subTitle="项目不存在或已被删除，请从招标管理列表中选择。"
          extra={
            <Button type="primary" onClick={() => navigate('/tender_list')}>
              返回招标管理
            </Button>
          }
        />
      </PageContainer>
    );
  }
  if (tender.isError) {
    return (
      <PageContainer>
        <LoadError error={tender.error} onRetry={() => tender.refetch()} />
      </PageContainer>
    );
  }
  if (!tender.data) {
    return (
      <PageContainer>
        <Skeleton active paragraph={{ rows: 8 }} />
      </PageContainer>
    );
  }

  const tabs = tabsOf(
    tender.data,
    bidTabs?.(tender.data, () => tender.refetch()),
  );
  const activeTab = tabs.some((t) => t.key === params.get('tab'))
    ? (params.get('tab') as TenderDetailTab)
    : 'info';
  return (
    <PageContainer bare>
      <DetailHeader tender={tender.data} />
      <Card variant="borderless">
        <Tabs
          activeKey={activeTab}
          onChange={(tab) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('tab', tab);
                return next;
              },
              { replace: true },
            )
          }
          items={tabs}
        />
      </Card>
    </PageContainer>
  );
}

function DetailHeader({ tender }: { tender: Tender }) {
  const { can } = useAccess();
  const navigate = useNavigate();
  const actions = useTenderActions();
  const [editing, setEditing] = useState(false);
  const [amending, setAmending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { status } = tender;
  const draft = status === 'draft';

  return (
    <Card variant="borderless" style={{ marginBottom: 16 }}>
      <div className="tender-detail-header">
        <div className="tender-detail-title">
          <Space wrap size={8}>
            <Typography.Text type="secondary" copyable>
              {tender.tenderNo}
            </Typography.Text>
            <TenderStatusTag status={status} />
          </Space>
          <Typography.Title level={4}>{tender.title}</Typography.Title>
          <Space wrap size={16}>
            <Typography.Text type="secondary">
              投标截止 {formatDateTime(tender.bidDeadline)}
            </Typography.Text>
            {status === 'published' && <Countdown deadline={tender.bidDeadline} prefix="距截止 " />}
            <Typography.Text type="secondary">
              开标 {formatDateTime(tender.openingAt)}
            </Typography.Text>
          </Space>
        </div>
        <Space wrap>
          {draft && can('tender:edit') && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
          )}
          {draft && can('tender:publish') && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => actions.publish(tender)}>
              发布
            </Button>
          )}
          {draft && can('tender:delete') && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => actions.remove(tender, () => navigate('/tender_list'))}
            >
              删除
            </Button>
          )}
          {status === 'published' && can('tender:amend') && (
            <Button type="primary" icon={<FormOutlined />} onClick={() => setAmending(true)}>
              澄清/修改
            </Button>
          )}
          {status === 'published' && can('tender:cancel') && (
            <Button danger icon={<CloseCircleOutlined />} onClick={() => setCancelling(true)}>
              终止
            </Button>
          )}
          {(status === 'cancelled' || status === 'failed') && can('tender:retender') && (
            <Button icon={<RedoOutlined />} onClick={() => actions.retender(tender)}>
              重新招标
            </Button>
          )}
        </Space>
      </div>
      <TenderFormModal open={editing} tender={tender} onClose={() => setEditing(false)} />
      <AmendTenderModal tender={amending ? tender : undefined} onClose={() => setAmending(false)} />
      <CancelTenderModal
        tender={cancelling ? tender : undefined}
        onClose={() => setCancelling(false)}
      />
    </Card>
  );
}
