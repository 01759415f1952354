import { Space, Tag, type TableColumnsType } from 'antd';
import type { Role } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { actionsColumn, DeleteButton, EditButton } from '@/components/table-actions';
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
    actionsColumn(pinned, (role) => (
      <>
        {can('role:edit') && <EditButton onClick={() => onEdit(role)} />}
        {can('role:delete') && !role.builtIn && (
          <DeleteButton
            title="删除角色"
            description={
              role.userCount > 0
                ? `仍有 ${role.userCount} 个用户使用「${role.roleName}」，需先为他们更换角色。仍要尝试删除吗？`
                : `确定删除「${role.roleName}」吗？`
            }
            onDelete={() => remove.mutateAsync(role.roleId)}
          />
        )}
      </>
    )),
  ];
}
