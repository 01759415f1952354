import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, type TableColumnType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useFeedback } from '@/lib/feedback';

/** The 操作 column: the row's buttons side by side, pinned to the right where there is room. */
export function actionsColumn<T>(
  pinned: boolean,
  render: (record: T) => ReactNode,
): TableColumnType<T> {
  return {
    title: '操作',
    key: 'actions',
    fixed: pinned ? 'right' : undefined,
    render: (_, record) => <Space size={0}>{render(record)}</Space>,
  };
}

export function EditButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick}>
      编辑
    </Button>
  );
}

/** 删除 behind a confirmation that says what goes; only success is announced here. */
export function DeleteButton({
  title,
  description,
  onDelete,
}: {
  title: string;
  description: ReactNode;
  onDelete: () => Promise<unknown>;
}) {
  const { message } = useFeedback();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={() =>
        onDelete().then(
          () => message.success('删除成功'),
          () => undefined, // the request wrapper has shown the server's reason
        )
      }
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        删除
      </Button>
    </Popconfirm>
  );
}
