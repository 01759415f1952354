import { useEffect, useState } from 'react';
import { Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictType } from '@tender/contracts';
import { Access, useAccess } from '@/hooks/use-access';
import { LoadError } from '@/components/LoadError';
import { useDictTypes } from '../api/list-dict-type';
import { useDeleteDictType } from '../api/delete-dict-type';
import { DictTypeFormModal } from './DictTypeFormModal';
import { useFeedback } from '@/lib/feedback';

/** The left pane: dictionary types, searchable and paged; choosing one shows its items. */
export function DictTypePane({
  selected,
  selectedId,
  onSelect,
}: {
  selected?: string;
  selectedId?: number;
  onSelect: (type: DictType | undefined, how?: 'auto') => void;
}) {
  const { message } = useFeedback();
  const { can } = useAccess();
  const [query, setQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const types = useDictTypes(query);
  const remove = useDeleteDictType();
  const [editing, setEditing] = useState<{ type?: DictType }>();

  // Keeps the chosen type's record fresh (its item count changes) and opens the first type.
  useEffect(() => {
    const list = types.data?.list ?? [];
    // By id as well: after its code is renamed, the chosen type is still the chosen one.
    const match = list.find((t) => t.code === selected) ?? list.find((t) => t.id === selectedId);
    if (match) onSelect(match, 'auto');
    else if (!selected && list[0]) onSelect(list[0], 'auto');
  }, [types.data, selected, selectedId, onSelect]);

  const actions = (type: DictType) => (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {can('dict:edit') && (
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={`编辑 ${type.name}`}
          onClick={() => setEditing({ type })}
        />
      )}
      {can('dict:delete') && (
        <Popconfirm
          title="删除字典类型"
          description={
            type.itemCount > 0
              ? `「${type.name}」还有 ${type.itemCount} 个字典项，需先删除它们。`
              : `确定删除「${type.name}」吗？`
          }
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() =>
            remove.mutateAsync(type.id).then(
              () => {
                message.success('删除成功');
                if (type.code === selected) onSelect(undefined);
              },
              () => undefined, // the request wrapper has shown the server's reason (409)
            )
          }
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除 ${type.name}`}
          />
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card
      title="字典类型"
      extra={
        <Access code="dict:add">
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
          >
            新增
          </Button>
        </Access>
      }
    >
      <Input.Search
        placeholder="搜索编码或名称"
        allowClear
        onSearch={(keyword) => setQuery({ ...query, keyword, pageNum: 1 })}
        style={{ marginBottom: 12 }}
      />
      {types.isError && <LoadError error={types.error} onRetry={() => types.refetch()} />}
      <Table<DictType>
        rowKey="code"
        size="small"
        showHeader={false}
        dataSource={types.data?.list}
        loading={types.isFetching}
        locale={{ emptyText: <Empty description={types.isError ? '加载失败' : '没有字典类型'} /> }}
        onRow={(type) => ({ onClick: () => onSelect(type), style: { cursor: 'pointer' } })}
        rowClassName={(type) => (type.code === selected ? 'ant-table-row-selected' : '')}
        columns={[
          {
            key: 'name',
            render: (_, type) => (
              <div>
                <Space size={4}>
                  <Typography.Text strong>{type.name}</Typography.Text>
                  {type.builtIn && <Tag color="blue">内置</Tag>}
                </Space>
                <div>
                  <Typography.Text
                    type="secondary"
                    style={{ fontFamily: 'monospace', fontSize: 12 }}
                  >
                    {type.code} · {type.itemCount} 项
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          { key: 'actions', align: 'right', render: (_, type) => actions(type) },
        ]}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: types.data?.total ?? 0,
          size: 'small',
          simple: true,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
        }}
      />
      <DictTypeFormModal
        open={editing !== undefined}
        type={editing?.type}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
