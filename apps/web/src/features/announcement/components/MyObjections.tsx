import { Card, Empty, List, Tag, Typography } from 'antd';
import { formatDateTime } from '@/lib/time';
import { downloadFile } from '@/lib/file-download';
import { useObjectionList } from '../api/list-objection';

/** The caller's own objections to one announcement, with the answers (the server lists only its own). */
export function MyObjections({ announcementId }: { announcementId: number }) {
  const list = useObjectionList({ announcementId, pageNum: 1, pageSize: 20 });
  const rows = list.data?.list ?? [];
  if (!rows.length) return null;
  return (
    <Card size="small" title="我的异议" className="no-print" style={{ marginTop: 16 }}>
      <List
        dataSource={rows}
        locale={{ emptyText: <Empty description="暂无异议" /> }}
        renderItem={(row) => (
          <List.Item key={row.id} style={{ display: 'block' }}>
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
            {row.files.map((f) => (
              <Typography.Link
                key={f.id}
                style={{ marginRight: 12 }}
                onClick={() => void downloadFile(f.id, f.name).catch(() => undefined)}
              >
                {f.name}
              </Typography.Link>
            ))}
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
