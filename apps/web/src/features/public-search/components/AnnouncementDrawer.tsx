import { Button, Drawer, Grid, Result, Skeleton, Space } from 'antd';
import { LinkOutlined, PrinterOutlined } from '@ant-design/icons';
import { AnnouncementView } from '@/components/AnnouncementView';
import { usePublicAnnouncement } from '../api/search-announcement';
import { useFeedback } from '@/lib/feedback';

/** A published announcement's public detail; its URL (`?announcement=`) can be shared. */
export function AnnouncementDrawer({ id, onClose }: { id?: number; onClose: () => void }) {
  const { message } = useFeedback();
  const screens = Grid.useBreakpoint();
  const query = usePublicAnnouncement(id);
  const a = query.data;

  const copyLink = () => {
    const url = window.location.href;
    void navigator.clipboard?.writeText(url).then(
      () => message.success('链接已复制'),
      () => message.info(url),
    );
  };

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      title={a ? a.tenderNo : '中标公告'}
      rootClassName="announcement-drawer"
      extra={
        <Space>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} aria-label="打印">
            {screens.md ? '打印' : null}
          </Button>
          <Button icon={<LinkOutlined />} onClick={copyLink}>
            复制链接
          </Button>
        </Space>
      }
    >
      {query.isError ? (
        <Result status="404" title="未找到该中标公告" subTitle="公告不存在或尚未发布。" />
      ) : !a ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <AnnouncementView announcement={a} />
      )}
    </Drawer>
  );
}
