import { useState } from 'react';
import { Button, Card, Empty, Space, Switch, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DictItem, DictType } from '@tender/contracts';
import { Access, useAccess } from '@/hooks/use-access';
import { actionsColumn, DeleteButton, EditButton } from '@/components/table-actions';
import { LoadError } from '@/components/LoadError';
import { useDictItems } from '../api/list-dict-item';
import { useDeleteDictItem } from '../api/delete-dict-item';
import { useUpdateDictItem } from '../api/update-dict-item';
import { DictItemFormModal } from './DictItemFormModal';
import { DictItemTag } from './tag-colors';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { useFeedback } from '@/lib/feedback';

/** The right pane: the items of the chosen type, disabled ones included. */
export function DictItemPane({ type }: { type?: DictType }) {
  const { message } = useFeedback();
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const items = useDictItems(type?.code);
  const update = useUpdateDictItem();
  const remove = useDeleteDictItem();
  const [editing, setEditing] = useState<{ item?: DictItem }>();
  const nextSort = Math.max(0, ...(items.data ?? []).map((i) => i.sort)) + 1;

  if (!type) {
    return (
      <Card title="字典项">
        <Empty description="请在左侧选择一个字典类型" />
      </Card>
    );
  }

  return (
    <Card
      title={
        <Space size={8} wrap>
          <span>字典项：{type.name}</span>
          <Typography.Text
            type="secondary"
            style={{ fontFamily: 'monospace', fontWeight: 'normal' }}
          >
            {type.code}
          </Typography.Text>
        </Space>
      }
      extra={
        <Access code="dict:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增
          </Button>
        </Access>
      }
    >
      {items.isError && <LoadError error={items.error} onRetry={() => items.refetch()} />}
      <Table<DictItem>
        rowKey="id"
        dataSource={items.data}
        loading={items.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty description={items.isError ? '加载失败' : '这个类型还没有字典项'} />,
        }}
        columns={[
          {
            title: '标签',
            dataIndex: 'label',
            render: (label: string, i) => <DictItemTag label={label} color={i.tagColor} />,
          },
          {
            title: '值',
            dataIndex: 'value',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: '排序', dataIndex: 'sort', align: 'right' },
          {
            title: '启用',
            dataIndex: 'enabled',
            render: (enabled: boolean, i) => (
              <Switch
                size="small"
                checked={enabled}
                disabled={!can('dict:edit')}
                aria-label={`启用 ${i.label}`}
                onChange={(next) =>
                  update.mutate(
                    { id: i.id, enabled: next },
                    { onSuccess: () => message.success(next ? '已启用' : '已停用') },
                  )
                }
              />
            ),
          },
          actionsColumn<DictItem>(pinned, (i) => (
            <>
              {can('dict:edit') && <EditButton onClick={() => setEditing({ item: i })} />}
              {can('dict:delete') && (
                <DeleteButton
                  title="删除字典项"
                  description={`确定删除「${i.label}」吗？已使用它的记录将只显示其值。`}
                  onDelete={() => remove.mutateAsync(i.id)}
                />
              )}
            </>
          )),
        ]}
      />
      <DictItemFormModal
        open={editing !== undefined}
        typeCode={type.code}
        item={editing?.item}
        nextSort={nextSort}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
