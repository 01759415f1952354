import { Empty, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '@/lib/time';
import type { Clarification } from '../api/types';
import { BidFiles } from './BidFacts';

export const CLARIFICATION_STATUS: Record<
  Clarification['status'],
  { label: string; color: string }
> = {
  open: { label: '待答复', color: 'processing' },
  answered: { label: '已答复', color: 'success' },
  unanswered: { label: '逾期未答复', color: 'error' },
};

/** The lot's clarifications as the committee reads them: who asked whom, what, and the answer. */
export function ClarificationList({
  clarifications,
  loading,
}: {
  clarifications: Clarification[];
  loading?: boolean;
}) {
  return (
    <Table<Clarification>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={clarifications}
      locale={{ emptyText: <Empty description="暂无澄清" /> }}
      columns={[
        { title: '投标人', dataIndex: 'supplierName', width: 160 },
        {
          title: '问题',
          key: 'question',
          render: (_, c) => (
            <div style={{ maxWidth: 360 }}>
              <div>{c.question}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.askedBy ?? '评标委员会'} 于 {formatDateTime(c.askedAt)} 提出
              </Typography.Text>
            </div>
          ),
        },
        { title: '答复期限', dataIndex: 'answerBy', render: (at: string) => formatDateTime(at) },
        {
          title: '状态',
          dataIndex: 'status',
          render: (status: Clarification['status']) => (
            <Tag color={CLARIFICATION_STATUS[status].color}>
              {CLARIFICATION_STATUS[status].label}
            </Tag>
          ),
        },
        {
          title: '答复',
          key: 'answer',
          render: (_, c) =>
            c.answer === null ? (
              '—'
            ) : (
              <div style={{ maxWidth: 360 }}>
                <div>{c.answer}</div>
                {c.answerFiles.length > 0 && <BidFiles files={c.answerFiles} />}
                {c.answeredAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(c.answeredAt)} 答复
                  </Typography.Text>
                )}
              </div>
            ),
        },
      ]}
    />
  );
}
