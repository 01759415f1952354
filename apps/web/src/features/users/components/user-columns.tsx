import { Button, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import type { AdminUser } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { actionsColumn, DeleteButton, EditButton } from '@/components/table-actions';
import { useUserMenu } from '@/stores/session';
import { useDeleteAdmin } from '../api/delete-admin';
import { UserStatusSwitch } from './UserStatusSwitch';
import { ClippedText } from '@/components/ClippedText';
import { LoginTimesCell, RoleCell } from './user-cells';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';

/** The user table's columns, with the actions the caller's button powers allow. */
export function useUserColumns({
  onEdit,
  onResetPassword,
}: {
  onEdit: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
}): TableColumnsType<AdminUser> {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  // The server refuses to let administrators disable or delete themselves; say so up front.
  const myId = useUserMenu()?.userid;
  const remove = useDeleteAdmin();
  const canAct = can('user:edit') || can('user:reset-password') || can('user:delete');

  const columns: TableColumnsType<AdminUser> = [
    { title: '用户名', dataIndex: 'username', fixed: pinned ? 'left' : undefined },
    { title: '姓名', dataIndex: 'realName' },
    // A bidder's company sits under its role, and the creation day under the last login, so
    // that every column fits a 1440 px screen beside the actions.
    {
      title: '角色 / 供应商',
      dataIndex: 'roleName',
      render: (_, user) => <RoleCell user={user} />,
    },
    { title: '电话', dataIndex: 'phone', render: (v: string | null) => v || '—' },
    {
      title: '邮箱',
      dataIndex: 'email',
      render: (v: string | null) => (v ? <ClippedText text={v} maxWidth={170} /> : '—'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, user) => (
        <UserStatusSwitch user={user} editable={can('user:edit') && user.userid !== myId} />
      ),
    },
    {
      title: '最后登录',
      dataIndex: 'lastLoginAt',
      render: (_, user) => <LoginTimesCell user={user} />,
    },
  ];
  if (!canAct) return columns;
  return [
    ...columns,
    actionsColumn(pinned, (user) => (
      <>
        {can('user:edit') && <EditButton onClick={() => onEdit(user)} />}
        {can('user:reset-password') && (
          <Tooltip title="为该用户设置新密码">
            <Button
              type="link"
              size="small"
              icon={<KeyOutlined />}
              onClick={() => onResetPassword(user)}
            >
              重置密码
            </Button>
          </Tooltip>
        )}
        {can('user:delete') && user.userid === myId && (
          <Tooltip title="不能删除自己的账号">
            <Button type="link" size="small" danger disabled icon={<DeleteOutlined />}>
              删除
            </Button>
          </Tooltip>
        )}
        {can('user:delete') && user.userid !== myId && (
          <DeleteButton
            title="删除用户"
            description={`确定删除「${user.username}」吗？此操作不可恢复。`}
            onDelete={() => remove.mutateAsync(user.userid)}
          />
        )}
      </>
    )),
  ];
}
