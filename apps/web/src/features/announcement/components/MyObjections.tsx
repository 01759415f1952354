import { useRef } from 'react';
import { Card, Empty, List, Tag, Typography } from 'antd';
import { formatDateTime } from '@/lib/time';
import { useObjectionList } from '../api/list-objection';
import { ObjectionFiles } from './ObjectionFiles';
import { useScrollToPicked } from './use-scroll-to-picked';

/**
 * The caller's own objections to one announcement, with the answers (the server lists only its
 * own); `highlightId` (a notification's link) is scrolled to and marked.
 */
export function MyObjections({
  announcementId,
  highlightId,
}: {
  announcementId: number;
  highlightId?: number;
}) {
  const list = useObjectionList({ announcementId, pageNum: 1, pageSize: 50 });
  const rows = list.data?.list ?? [];
  const box = useRef<HTMLDivElement>(null);
  useScrollToPicked(
    box,
    highlightId ? `[data-objection-id="${highlightId}"]` : undefined,
    list.data !== undefined,
  );
  if (!rows.length) return null;
  return (
    <Card size="small" title="我的异议" className="no-print" style={{ marginTop: 16 }} ref={box}>
      <List
        dataSource={rows}
        locale={{ emptyText: <Empty description="暂无异议" /> }}
        renderItem={(row) => (
          <List.Item
            key={row.id}
            data-objection-id={row.id}
            className={row.id === highlightId ? 'my-objection objection-highlight' : 'my-objection'}
            style={{ display: 'block' }}
          >
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 4 }}>
              {row.status === 'answered' ? (
                <Tag color="success">已答复</Tag>
              ) : (
                <Tag color="warning">待答复</Tag>
              )}
              <Typography.Text type="secondary">
                提出于 {formatDateTime(row.createdAt)}
              </Typography.Text>
            </div>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
              {row.content}
            </Typography.Paragraph>
            <ObjectionFiles files={row.files} />
            {row.status === 'answered' ? (
              <div className="objection-answer">
                <Typography.Text strong>答复：</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {row.answer}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.answeredByName} · {formatDateTime(row.answeredAt)}
                </Typography.Text>
              </div>
            ) : (
              <Typography.Text type="secondary">
                招标人应于 {formatDateTime(row.answerDueAt)} 前答复
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
