import { useRef, useState } from 'react';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { notificationLinks } from '@tender/contracts';
import { Countdown, useServerNow } from '@/components/Countdown';
import { PagedTable } from '@/components/PagedTable';
import { Access } from '@/hooks/use-access';
import { formatDateTime } from '@/lib/time';
import { useObjectionList, type ObjectionRow } from '../api/list-objection';
import { AnswerObjectionModal } from './AnswerObjectionModal';
import { ObjectionFiles } from './ObjectionFiles';
import { isOverdue } from './objection-deadline';
import { useScrollToPicked } from './use-scroll-to-picked';
import './announcement-feature.css';

const STATUS_OPTIONS = [
  { value: 'open', label: '待答复' },
  { value: 'answered', label: '已答复' },
];

/**
 * 异议处理 (managers): every objection with its evidence (under its text) and the three-day answer limit counting
 * down; overdue unanswered ones stand out in red. `tenderId` or `announcementId` narrows it;
 * `highlightId` picks one out (a notification's link): scrolled to and marked.
 */
export function ObjectionTable({
  tenderId,
  announcementId,
  highlightId,
}: {
  tenderId?: number;
  announcementId?: number;
  highlightId?: number;
}) {
  const [status, setStatus] = useState<'open' | 'answered' | undefined>();
  // An announcement rarely has more than a few objections: a picked one shows on the first page.
  const [page, setPage] = useState({ pageNum: 1, pageSize: highlightId ? 50 : 10 });
  const rows = useObjectionList({ tenderId, announcementId, status, ...page });
  const [answering, setAnswering] = useState<ObjectionRow | null>(null);
  const now = useServerNow(30_000);
  const box = useRef<HTMLDivElement>(null);
  useScrollToPicked(
    box,
    highlightId ? `tr[data-row-key="${highlightId}"]` : undefined,
    rows.data !== undefined,
  );

  return (
    <div ref={box}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="答复状态"
          aria-label="答复状态"
          style={{ width: 140 }}
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      <PagedTable<ObjectionRow>
        rowKey="id"
        rows={rows}
        page={page}
        onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        empty="暂无异议"
        rowClassName={(row) =>
          [
            isOverdue(row, now) ? 'objection-overdue' : '',
            row.id === highlightId ? 'objection-highlight' : '',
          ].join(' ')
        }
        columns={[
          ...(announcementId
            ? []
            : [
                {
                  title: '公告',
                  dataIndex: 'announcementTitle',
                  render: (title: string, row: ObjectionRow) => (
                    <Link
                      to={notificationLinks.objection(row.announcementId, row.id)}
                      style={{ display: 'inline-block', maxWidth: 240 }}
                    >
                      {title}
                    </Link>
                  ),
                },
              ]),
          { title: '异议人', dataIndex: 'supplierName' },
          {
            title: '异议内容',
            dataIndex: 'content',
            render: (text: string, row: ObjectionRow) => (
              <div style={{ maxWidth: 280, minWidth: 160 }}>
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: text }}
                  style={{ marginBottom: row.files.length ? 4 : 0 }}
                >
                  {text}
                </Typography.Paragraph>
                <ObjectionFiles files={row.files} />
              </div>
            ),
          },
          { title: '提出时间', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: '答复期限',
            key: 'deadline',
            render: (_, row) => {
              if (row.status === 'answered')
                return (
                  <Typography.Text type="secondary">
                    已于 {formatDateTime(row.answeredAt)} 答复
                  </Typography.Text>
                );
              if (isOverdue(row, now)) return <Tag color="error">已逾期</Tag>;
              return <Countdown deadline={row.answerDueAt} prefix="剩 " doneText="已逾期" />;
            },
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) =>
              s === 'answered' ? (
                <Tag color="success">已答复</Tag>
              ) : (
                <Tag color="warning">待答复</Tag>
              ),
          },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, row) =>
              row.status === 'answered' ? null : (
                <Access code="objection:answer">
                  <Button type="link" size="small" onClick={() => setAnswering(row)}>
                    答复
                  </Button>
                </Access>
              ),
          },
        ]}
      />
      {answering && (
        <AnswerObjectionModal objection={answering} onClose={() => setAnswering(null)} />
      )}
    </div>
  );
}
