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
import { PageContainer } from '@/components/PageContainer';
import { useAccess } from '@/hooks/use-access';
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

const positiveId = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * 公告详情 (`?id=`): the announcement as a printable document, with the caller's actions. A
 * notification's link adds `notice=1` (the 中标通知书 opens; `tenderId` names it while the result
 * is still a draft the winner cannot read) or `objection=` (that objection is picked out).
 */
export default function AnnouncementDetailScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const validId = positiveId(params.get('id'));
  const noticeWanted = params.get('notice') === '1';
  const objectionId = positiveId(params.get('objection'));
  const query = useAnnouncement(validId);
  const access = useAccess();
  const publish = usePublishAnnouncement();
  const now = useServerNow(10_000);
  const [dialog, setDialog] = useState<Dialog>();
  const a = query.data;
  const manager = access.can('objection:answer');
  // The announcement's lot (a notification's link names it while the result is a draft).
  const noticeLotId = a ? (a.lotCount > 1 ? a.lotId : undefined) : positiveId(params.get('lotId'));
  const notice = useAwardNotice(
    a?.tenderId ?? (noticeWanted ? positiveId(params.get('tenderId')) : undefined),
    noticeWanted || (a?.kind === 'result' && a.status === 'published'),
    noticeLotId,
  );
  const noticeOpen = notice.data && (dialog === 'notice' || noticeWanted);
  const closeNotice = () => {
    setDialog(undefined);
    if (noticeWanted)
      setParams(
        (next) => {
          next.delete('notice');
          return next;
        },
        { replace: true },
      );
  };
  const noticeModal = noticeOpen && <AwardNoticeModal notice={notice.data} onClose={closeNotice} />;

  const missing = !validId || (query.error instanceof ApiError && query.error.code === 404);
  // The winner's notice is issued at the award, before its result announcement is published.
  if (missing && noticeWanted && (notice.data || notice.isLoading))
    return (
      <PageContainer>
        {notice.data ? (
          <Result
            icon={<FileProtectOutlined />}
            title="中标结果公告尚未发布"
            subTitle="贵公司的中标通知书已发出，可查看、打印或下载；结果公告发布后可在中标公告中查看。"
            extra={
              <Space wrap>
                <Button onClick={() => navigate('/announcement')}>返回中标公告</Button>
                <Button
                  type="primary"
                  icon={<FileProtectOutlined />}
                  onClick={() => setDialog('notice')}
                >
                  中标通知书
                </Button>
              </Space>
            }
          />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
        {noticeModal}
      </PageContainer>
    );
  if (missing)
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
            <ObjectionTable announcementId={a.id} highlightId={objectionId} />
          </Card>
        ) : (
          <MyObjections announcementId={a.id} highlightId={objectionId} />
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
      {noticeModal}
    </PageContainer>
  );
}
