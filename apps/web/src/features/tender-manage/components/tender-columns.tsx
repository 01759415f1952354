import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CloseCircleOutlined,
  DeleteOutlined,
  EyeOutlined,
  RedoOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import type { Tender, TenderListRow } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { actionsColumn, EditButton } from '@/components/table-actions';
import { Countdown } from '@/components/Countdown';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { useDict } from '@/hooks/use-dict';
import { useTenderActions } from './use-tender-actions';
import { LinkButton } from '@/components/LinkButton';

export const detailPath = (id: number) => `/denderManagement_details?id=${id}`;

/** The tender table's columns, with the actions the status and the caller's powers allow. */
export function useTenderColumns({
  onEdit,
  onCancel,
}: {
  onEdit: (tender: Tender) => void;
  onCancel: (tender: Tender) => void;
}): TableColumnsType<TenderListRow> {
  const { can } = useAccess();
  const pinned = usePinnedColumns();
  const categories = useDict('tender_category');
  const actions = useTenderActions();

  return [
    {
      title: '招标编号',
      dataIndex: 'tenderNo',
      fixed: pinned ? 'left' : undefined,
      render: (no: string) => <Typography.Text copyable={{ text: no }}>{no}</Typography.Text>,
    },
    {
      title: '招标标题',
      dataIndex: 'title',
      render: (title: string, t) => (
        <Link to={detailPath(t.id)} style={{ display: 'inline-block', maxWidth: 240 }}>
          <Typography.Text
            ellipsis={{ tooltip: title }}
            style={{ color: 'inherit', maxWidth: 240 }}
          >
            {title}
          </Typography.Text>
        </Link>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (status: Tender['status'], t) => (
        <Space size={4}>
          <TenderStatusTag status={status} />
          {/* Lots awarded over 30 days ago without a contract (EVALUATION.md §5). */}
          {t.contractOverdue > 0 && (
            <Tag color="error">
              合同逾期{t.contractOverdue > 1 ? ` ${t.contractOverdue} 个标段` : ''}
            </Tag>
          )}
          {t.amendmentCount > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              已修改 {t.amendmentCount} 次
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '类别',
      dataIndex: 'category',
      // Below 1600 px the pinned 操作 column would cover the countdowns; the filter names it.
      responsive: ['xxl'],
      render: (v: string) => categories.labelOf(v),
    },
    {
      title: '预算金额',
      dataIndex: 'budget',
      responsive: ['md'],
      align: 'right',
      render: (v: number, t) => formatMoney(v, t.currency),
    },
    {
      // A tender in lots says how many; a one-lot tender has nothing to count.
      title: '标段数',
      dataIndex: 'lotCount',
      key: 'lotCount',
      responsive: ['md'],
      align: 'center',
      className: 'cell-nowrap',
      render: (count: number) =>
        count > 1 ? count : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '投标截止',
      dataIndex: 'bidDeadline',
      render: (v: string, t) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(v)}</span>
          {t.status === 'published' && <Countdown deadline={v} />}
        </Space>
      ),
    },
    actionsColumn(pinned, (t) => {
      const draft = t.status === 'draft';
      return (
        <>
          <LinkButton to={detailPath(t.id)} type="link" size="small" icon={<EyeOutlined />}>
            详情
          </LinkButton>
          {draft && can('tender:edit') && <EditButton onClick={() => onEdit(t)} />}
          {draft && can('tender:publish') && (
            <Button
              type="link"
              size="small"
              icon={<SendOutlined />}
              onClick={() => actions.publish(t)}
            >
              发布
            </Button>
          )}
          {draft && can('tender:delete') && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => actions.remove(t)}
            >
              删除
            </Button>
          )}
          {t.status === 'published' && can('tender:cancel') && (
            <Button
              type="link"
              size="small"
              danger
              icon={<CloseCircleOutlined />}
              onClick={() => onCancel(t)}
            >
              终止
            </Button>
          )}
          {(t.status === 'cancelled' || t.status === 'failed') && can('tender:retender') && (
            <Button
              type="link"
              size="small"
              icon={<RedoOutlined />}
              onClick={() => actions.retender(t)}
            >
              重新招标
            </Button>
          )}
        </>
      );
    }),
  ];
}
