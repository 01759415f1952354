import { Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { expertApi } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { useDict } from '@/hooks/use-dict';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { actionsColumn, EditButton } from '@/components/table-actions';
import { useFeedback } from '@/lib/feedback';
import { useUpdateExpert } from '../api/update-expert';
import { ExpertStatusTag } from './ExpertStatusTag';

type Expert = expertApi.Expert;

/** 恢复: a suspended expert is drawn again from now on. */
function RestoreButton({ expert }: { expert: Expert }) {
  const update = useUpdateExpert();
  const { message } = useFeedback();
  return (
    <Popconfirm
      title="恢复专家"
      description={`恢复后「${expert.name}」重新参加抽取。`}
      okText="恢复"
      cancelText="取消"
      onConfirm={() =>
        update
          .mutateAsync({ id: expert.id, status: 'active', suspendReason: null, suspendUntil: null })
          .then(
            () => message.success('已恢复'),
            () => undefined, // the request wrapper has shown the server's reason
          )
      }
    >
      <Button type="link" size="small" icon={<PlayCircleOutlined />}>
        恢复
      </Button>
    </Popconfirm>
  );
}

/** The pool's columns, with 编辑 / 暂停 / 恢复 where the caller holds expert:edit. */
export function useExpertColumns({
  onEdit,
  onSuspend,
}: {
  onEdit: (expert: Expert) => void;
  onSuspend: (expert: Expert) => void;
}): TableColumnsType<Expert> {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const specialties = useDict('tender_category');

  const columns: TableColumnsType<Expert> = [
    {
      title: '姓名',
      dataIndex: 'name',
      fixed: pinned ? 'left' : undefined,
      render: (_, e) => (
        <Space direction="vertical" size={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{e.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.username}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '工作单位',
      dataIndex: 'employer',
      render: (_, e) => (
        <Space direction="vertical" size={0}>
          <span>{e.employer}</span>
          {e.employerCreditCode && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.employerCreditCode}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '职称', dataIndex: 'title' },
    { title: '从业年限', dataIndex: 'years', render: (years: number) => `${years} 年` },
    {
      title: '评标专业',
      dataIndex: 'specialties',
      render: (values: string[]) => (
        <Space size={[0, 4]} wrap>
          {values.map((value) => (
            <Tag key={value}>{specialties.labelOf(value)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: '电话', dataIndex: 'phone' },
    { title: '参评次数', dataIndex: 'committeeCount', align: 'right' },
    { title: '状态', dataIndex: 'status', render: (_, e) => <ExpertStatusTag expert={e} /> },
  ];
  if (!can('expert:edit')) return columns;
  return [
    ...columns,
    actionsColumn(pinned, (expert: Expert) => (
      <>
        <EditButton onClick={() => onEdit(expert)} />
        {expert.status === 'active' ? (
          <Button
            type="link"
            size="small"
            icon={<PauseCircleOutlined />}
            onClick={() => onSuspend(expert)}
          >
            暂停
          </Button>
        ) : (
          <RestoreButton expert={expert} />
        )}
      </>
    )),
  ];
}
