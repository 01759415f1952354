import { Badge, Button, Empty, List, Spin, Typography } from 'antd';
import type { Notification } from '@tender/contracts';
import { formatRecent } from '@/lib/time';
import { useServerNow } from '@/components/Countdown';
import { useLatestNotifications, useMarkRead } from './notifications';

/** The bell's panel: the latest notifications, each opening its screen, with 全部已读. */
export default function NotificationPanel({ onNavigate }: { onNavigate: (link: string) => void }) {
  const latest = useLatestNotifications();
  const mark = useMarkRead();
  const unread = latest.data?.unreadCount ?? 0;
  const list = latest.data?.list ?? [];
  // 刚刚 / 3小时前 count from the server's now (learned on first use), refreshed each minute.
  const now = useServerNow(60_000);

  const openOne = (n: Notification) => {
    if (!n.read) mark.mutate({ ids: [n.id] });
    if (n.link) onNavigate(n.link);
  };

  return (
    <div className="notification-panel">
      <div className="notification-panel-head">
        <Typography.Text strong>消息通知</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={!unread}
          loading={mark.isPending}
          onClick={() => mark.mutate({ all: true })}
        >
          全部已读
        </Button>
      </div>
      <Spin spinning={latest.isFetching && !latest.data}>
        <List<Notification>
          size="small"
          dataSource={list}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />,
          }}
          renderItem={(n) => (
            <List.Item
              key={n.id}
              className={n.read ? 'notification-item' : 'notification-item unread'}
              onClick={() => openOne(n)}
              actions={
                n.read
                  ? undefined
                  : [
                      <Button
                        key="read"
                        type="link"
                        size="small"
                        aria-label="标为已读"
                        onClick={(e) => {
                          e.stopPropagation();
                          mark.mutate({ ids: [n.id] });
                        }}
                      >
                        已读
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <span className="notification-text">
                    {!n.read && <Badge status="processing" />}
                    {n.text}
                  </span>
                }
                description={formatRecent(n.createdAt, now)}
              />
            </List.Item>
          )}
        />
      </Spin>
    </div>
  );
}
