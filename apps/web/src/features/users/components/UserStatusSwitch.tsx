import { Popconfirm, Switch } from 'antd';
import type { AdminUser } from '@tender/contracts';
import { useUpdateAdmin } from '../api/update-admin';
import { StatusTag } from '@/components/status';
import { useFeedback } from '@/lib/feedback';

/** Enables or disables an account after a confirmation; a disabled user's tokens stop at once. */
export function UserStatusSwitch({ user, editable }: { user: AdminUser; editable: boolean }) {
  const { message } = useFeedback();
  const update = useUpdateAdmin();
  if (!editable) return <StatusTag status={user.status} />;
  const enabled = user.status === 'enabled';
  const action = enabled ? '停用' : '启用';
  return (
    <Popconfirm
      title={`${action}用户`}
      description={
        enabled
          ? `确定停用「${user.username}」吗？该用户将立即被登出且无法登录。`
          : `确定启用「${user.username}」吗？`
      }
      okText={action}
      cancelText="取消"
      onConfirm={() =>
        update.mutateAsync({ userid: user.userid, status: enabled ? 'disabled' : 'enabled' }).then(
          () => message.success(`已${action}`),
          () => undefined, // the request wrapper has shown the server's reason
        )
      }
    >
      <Switch
        checked={enabled}
        loading={update.isPending}
        checkedChildren="启用"
        unCheckedChildren="停用"
        aria-label={`${user.username} 状态`}
      />
    </Popconfirm>
  );
}
