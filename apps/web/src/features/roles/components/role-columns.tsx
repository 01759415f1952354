import { App, Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Role } from '@tender/contracts';
import { useAccess } from '@/lib/permissions';
import { formatDateTime } from '@/lib/time';
import { StatusTag } from '@/components/status';
import { useDeleteRole } from '../api/delete-role';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';

/** The role table's columns, with the actions the caller's button powers allow. */
export function useRoleColumns({
  onEdit,
}: {
  onEdit: (role: Role) => void;
}): TableColumnsType<Role> {
  const { message } = App.useApp();
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const remove = useDeleteRole();

  const columns: TableColumnsType<Role> = [
    {
      title: '角色名称',
      dataIndex: 'roleName',
      fixed: pinned ? 'left' : undefined,
      render: (name: string, role) => (
        <Space size={4}>
          {name}
          {role.builtIn && <Tag color="blue">内置</Tag>}
        </Space>
      ),
    },
    { title: '描述', dataIndex: 'description', render: (v: string | null) => v || '—' },
    { title: '状态', dataIndex: 'status', render: (_, role) => <StatusTag status={role.status} /> },
    { title: '用户数', dataIndex: 'userCount', align: 'right' },
    { title: '创建时间', dataIndex: 'createdAt', render: formatDateTime },
  ];
  if (!can('role:edit') && !can('role:delete')) return columns;
  return [
    ...columns,
    {
      title: '操作',
      key: 'actions',
      fixed: pinned ? 'right' : undefined,
      render: (_, role) => (
        <Space size={0}>
          {can('role:edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(role)}>
              编辑
            </Button>
          )}
          {can('role:delete') && !role.builtIn && (
            <Popconfirm
              title="删除角色"
              description={
                role.userCount > 0
                  ? `仍有 ${role.userCount} 个用户使用「${role.roleName}」，需先为他们更换角色。仍要尝试删除吗？`
                  : `确定删除「${role.roleName}」吗？`
              }
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() =>
                remove.mutateAsync(role.roleId).then(
                  () => message.success('删除成功'),
                  () => undefined, // the request wrapper has shown the server's reason (409)
                )
              }
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}
