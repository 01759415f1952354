import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Popconfirm, Result, Skeleton, Space } from 'antd';
import {
  ArrowLeftOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  FileProtectOutlined,
  PrinterOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { AnnouncementView, publicityPhase } from '@/components/AnnouncementView';
import { useServerNow } from '@/components/Countdown';
import { LoadError } from '@/components/LoadError';
import { PageContainer } from '@/layout/PageContainer';
import { useAccess } from '@/lib/permissions';
import { ApiError } from '@/lib/request';
import { useAnnouncement } from '../api/get-announcement-by-id';
import { usePublishAnnouncement } from '../api/publish-announcement';
import { useAwardNotice } from '../api/award-notice';
import { EditAnnouncementModal } from '../components/EditAnnouncementModal';
import { RevokeAnnouncementModal } from '../components/RevokeAnnouncementModal';
import { ObjectionModal } from '../components/ObjectionModal';
import { MyObjections } from '../components/MyObjections';
import { ObjectionTable } from '../components/ObjectionTable';
import { AwardNoticeModal } from '../components/AwardNoticeModal';
import '../components/announcement-feature.css';
import { useFeedback } from '@/lib/feedback';

type Dialog = 'edit' | 'revoke' | 'objection' | 'notice' | undefined;

/** 公告详情 (`?id=`): the announcement as a printable document, with the caller's actions. */
export default function AnnouncementDetailScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const query = useAnnouncement(validId);
  const access = useAccess();
  const publish = usePublishAnnouncement();
  const now = useServerNow(10_000);
  const [dialog, setDialog] = useState<Dialog>();
  const a = query.data;
  const manager = access.can('objection:answer');
  const notice = useAwardNotice(a?.tenderId, a?.kind === 'result' && a.status === 'published');

  if (!validId || (query.error instanceof ApiError && query.error.code === 404))
    return (
      <PageContainer>
        <Result
          status="404"
          title="未找到该公告"
          subTitle="公告不存在、尚未发布，或您无权查看。"
          extra={<Button onClick={() => navigate('/announcement')}>返回中标公告</Button>}
        />
      </PageContainer>
    );
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (!a)
    return (
      <PageContainer>
        <Skeleton active paragraph={{ rows: 12 }} />
      </PageContainer>
    );

  const during = a.status === 'published' && publicityPhase(a, now) === 'during';
  const actions = (
    <Space wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/announcement')}>
        返回
      </Button>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        打印
      </Button>
      {a.status === 'draft' && access.can('announcement:edit') && (
        <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
          编辑
        </Button>
      )}
      {a.status === 'draft' && access.can('announcement:publish') && (
        <Popconfirm
          title="发布公告？"
          okText="发布"
          onConfirm={() =>
            publish.mutateAsync({ id: a.id }).then(
              () => message.success('公告已发布'),
              () => undefined,
            )
          }
        >
          <Button type="primary" icon={<SendOutlined />}>
            发布
          </Button>
        </Popconfirm>
      )}
      {a.status === 'published' && access.can('announcement:revoke') && (
        <Button danger icon={<StopOutlined />} onClick={() => setDialog('revoke')}>
          撤销
        </Button>
      )}
      {a.kind === 'candidates' && during && !manager && (
        <Button
          type="primary"
          icon={<ExclamationCircleOutlined />}
          onClick={() => setDialog('objection')}
        >
          提出异议
        </Button>
      )}
      {notice.data && (
        <Button type="primary" icon={<FileProtectOutlined />} onClick={() => setDialog('notice')}>
          中标通知书
        </Button>
      )}
    </Space>
  );

  return (
    <PageContainer bare>
      <Card variant="borderless">
        <AnnouncementView announcement={a} extra={actions} />
      </Card>
      {a.kind === 'candidates' &&
        (manager ? (
          <Card title="异议" className="no-print" style={{ marginTop: 16 }}>
            <ObjectionTable announcementId={a.id} />
          </Card>
        ) : (
          <MyObjections announcementId={a.id} />
        ))}
      {dialog === 'edit' && (
        <EditAnnouncementModal announcement={a} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'revoke' && (
        <RevokeAnnouncementModal id={a.id} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'objection' && (
        <ObjectionModal announcementId={a.id} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'notice' && notice.data && (
        <AwardNoticeModal notice={notice.data} onClose={() => setDialog(undefined)} />
      )}
    </PageContainer>
  );
}
