import { Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { ApiInterface } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { actionsColumn, DeleteButton, EditButton } from '@/components/table-actions';
import { useDeleteInterface } from '../api/delete-interface';
import { MethodTag } from '@/components/method-tag';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';

/** The interface table's columns, with the actions the caller's button powers allow. */
export function useInterfaceColumns({
  onEdit,
}: {
  onEdit: (item: ApiInterface) => void;
}): TableColumnsType<ApiInterface> {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const remove = useDeleteInterface();

  const columns: TableColumnsType<ApiInterface> = [
    { title: '方法', dataIndex: 'method', render: (_, i) => <MethodTag method={i.method} /> },
    {
      title: '路径',
      dataIndex: 'url',
      render: (url: string) => <span style={{ fontFamily: 'monospace' }}>{url}</span>,
    },
    { title: '名称', dataIndex: 'name' },
    {
      title: '所需权限',
      dataIndex: 'powerTitle',
      render: (title: string | null, i) =>
        i.open ? (
          <Tag color="cyan">任何登录用户</Tag>
        ) : title ? (
          title
        ) : (
          <Tag color="warning">未绑定（仅管理员可调用）</Tag>
        ),
    },
    {
      title: '公开',
      dataIndex: 'open',
      render: (open: boolean) => (open ? <Tag color="cyan">公开</Tag> : <Tag>否</Tag>),
    },
    {
      title: '来源',
      key: 'source',
      render: (_, i) => (
        <Space size={4}>
          {i.builtIn ? <Tag color="blue">内置</Tag> : <Tag>自定义</Tag>}
          {i.routed ? (
            <Tag color="success">已路由</Tag>
          ) : (
            <Tooltip title="服务器没有与之匹配的路由">
              <Tag color="default">未路由</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  if (!can('interface:edit') && !can('interface:delete')) return columns;
  return [
    ...columns,
    actionsColumn(pinned, (i) => (
      <>
        {can('interface:edit') && <EditButton onClick={() => onEdit(i)} />}
        {can('interface:delete') && !i.builtIn && (
          <DeleteButton
            title="删除接口"
            description={`确定删除「${i.name}」吗？`}
            onDelete={() => remove.mutateAsync(i.id)}
          />
        )}
      </>
    )),
  ];
}
