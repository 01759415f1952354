import { Alert, Divider, Flex, Space } from 'antd';
import { FileTextOutlined, LoginOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { PublicTenderDetail, TenderStatus } from '@tender/contracts';
import { AnnouncementKindTag, AnnouncementStatusTag } from '@/components/AnnouncementTags';
import { LinkButton } from '@/components/LinkButton';
import { msUntil } from '@/lib/server-clock';
import { formatDateTime } from '@/lib/time';
import { withAnnouncementId, withOpenId } from '../search-params';

/** What a tender no longer open for sign-up has come to, in a sentence. */
const STATUS_NOTE: Partial<Record<TenderStatus, string>> = {
  published: '投标已截止，不再接受报名。',
  closed: '投标已截止，不再接受报名，等待开标。',
  opening: '投标已截止，正在开标。',
  opened: '已开标，正在评标与定标。',
  evaluating: '已开标，评标委员会正在评标。',
  cancelled: '该招标已取消。',
  failed: '该招标已流标（有效投标不足或全部被否决）。',
};

/**
 * The end of a tender's public detail: while it takes bids (published, before the deadline by
 * the server's clock), the way to sign up; after that, where it stands and the links to its
 * 候选人公示 and 结果公告.
 */
export function TenderNextSteps({ tender }: { tender: PublicTenderDetail }) {
  const [params] = useSearchParams();
  const takingBids = tender.status === 'published' && msUntil(tender.bidDeadline) > 0;
  const published = tender.announcements;

  return (
    <>
      <Divider />
      {takingBids ? (
        <Space wrap>
          <LinkButton
            to={`/login?redirect=${encodeURIComponent(`/downloadTender?id=${tender.id}`)}`}
            type="primary"
            icon={<LoginOutlined />}
          >
            登录后报名并下载招标文件
          </LinkButton>
          <LinkButton to="/register">供应商注册</LinkButton>
        </Space>
      ) : (
        <Alert
          type={tender.status === 'awarded' ? 'success' : 'info'}
          showIcon
          title={
            tender.status === 'awarded'
              ? published.some((a) => a.kind === 'result' && a.status === 'published')
                ? '已定标，中标结果见下方公告。'
                : '已定标，中标结果公告发布后可在「中标公告」中查看。'
              : STATUS_NOTE[tender.status]
          }
        />
      )}
      {published.length > 0 && (
        <>
          <Divider titlePlacement="start">中标公告</Divider>
          <Flex vertical gap={12} className="tender-announcement-links">
            {published.map((a) => (
              <Flex key={a.id} align="center" wrap style={{ columnGap: 8, rowGap: 2 }}>
                <AnnouncementKindTag kind={a.kind} />
                {a.status === 'revoked' && <AnnouncementStatusTag status={a.status} />}
                <LinkButton
                  type="link"
                  icon={<FileTextOutlined />}
                  className="tender-announcement-link"
                  to={{
                    search: `?${withAnnouncementId(withOpenId(params, undefined), a.id).toString()}`,
                  }}
                >
                  {a.title}
                </LinkButton>
                {a.publishedAt && (
                  <span className="tender-announcement-time">
                    {formatDateTime(a.publishedAt)} 发布
                  </span>
                )}
              </Flex>
            ))}
          </Flex>
        </>
      )}
    </>
  );
}
