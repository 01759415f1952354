import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Power } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { actionsColumn, DeleteButton, EditButton } from '@/components/table-actions';
import { MenuIcon } from '@/lib/menu-icons';
import { useDeletePower } from '../api/delete-power';
import { PowerTypeTag } from '@/components/power-type';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';

/** The power table's columns, with the actions the caller's button powers allow. */
export function usePowerColumns({
  onAddChild,
  onEdit,
}: {
  onAddChild: (parent: Power) => void;
  onEdit: (power: Power) => void;
}): TableColumnsType<Power> {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const remove = useDeletePower();

  const columns: TableColumnsType<Power> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, p) => (
        <Space size={6}>
          <MenuIcon name={p.icon} />
          {title}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', render: (_, p) => <PowerTypeTag type={p.type} /> },
    {
      title: '权限编码',
      dataIndex: 'code',
      render: (code: string | null) =>
        code ? <Typography.Text code>{code}</Typography.Text> : '—',
    },
    {
      title: '路由路径',
      dataIndex: 'powerUrl',
      render: (url: string | null) =>
        url ? <span style={{ fontFamily: 'monospace' }}>{url}</span> : '—',
    },
    {
      title: '图标',
      dataIndex: 'icon',
      render: (icon: string | null) =>
        icon ? (
          <Space size={6}>
            <MenuIcon name={icon} />
            <Typography.Text type="secondary">{icon}</Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { title: '排序', dataIndex: 'sort', align: 'right' },
    {
      title: '显示',
      dataIndex: 'hidden',
      render: (hidden: boolean) => (hidden ? <Tag>隐藏</Tag> : <Tag color="green">显示</Tag>),
    },
  ];
  if (!can('power:add') && !can('power:edit') && !can('power:delete')) return columns;
  return [
    ...columns,
    actionsColumn(pinned, (p) => (
      <>
        {can('power:add') && p.type !== 'button' && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAddChild(p)}>
            新增下级
          </Button>
        )}
        {can('power:edit') && <EditButton onClick={() => onEdit(p)} />}
        {can('power:delete') && (
          <DeleteButton
            title="删除权限"
            description={
              p.children?.length
                ? `「${p.title}」还有 ${p.children.length} 个下级，需先删除下级。`
                : `确定删除「${p.title}」吗？拥有它的角色将失去它。`
            }
            onDelete={() => remove.mutateAsync(p.id)}
          />
        )}
      </>
    )),
  ];
}
