import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Popover, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useLatestNotifications } from './notifications';

// The panel (its list, empty state and times) loads when the bell is first opened.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/**
 * 消息: a bell with the unread count; its dropdown lists the latest notifications, each opening
 * its screen (and marking it read), with 全部已读.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const latest = useLatestNotifications();
  const unread = latest.data?.unreadCount ?? 0;

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={
        <Suspense fallback={<div className="notification-panel" />}>
          <NotificationPanel
            onNavigate={(link) => {
              setOpen(false);
              void navigate(link);
            }}
          />
        </Suspense>
      }
      arrow={false}
      // On a narrow screen the panel shifts to stay inside the viewport.
      align={{ overflow: { shiftX: 8, adjustY: 1 } }}
    >
      <Tooltip title={open ? undefined : '消息通知'}>
        <Badge count={unread} size="small" offset={[-2, 6]} overflowCount={99}>
          <BellOutlined
            className="navbar-icon"
            role="button"
            aria-label={unread ? `消息通知，${unread} 条未读` : '消息通知'}
          />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
