import { Card, Empty, Space, Tag, Typography } from 'antd';
import type { Amendment } from '@tender/contracts';
import { LoadError } from '@/components/LoadError';
import { useTenderAmendments } from '@/hooks/use-tender';
import { AmendmentChanges } from './AmendmentChanges';
import { formatDateTime } from '@/lib/time';

/** One numbered 澄清/修改: reason, what changed (before → after), and the deadline it moved. */
export function AmendmentCard({ amendment }: { amendment: Amendment }) {
  const moved = amendment.deadlineBefore !== amendment.deadlineAfter;
  return (
    <Card
      size="small"
      title={`第 ${amendment.amendmentNo} 号澄清/修改`}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(amendment.createdAt)}
          {amendment.authorName ? ` · ${amendment.authorName}` : ''}
        </Typography.Text>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
        <Typography.Text strong>原因：</Typography.Text>
        {amendment.reason}
      </Typography.Paragraph>
      {moved && (
        <Typography.Paragraph>
          <Space wrap size={4}>
            <Typography.Text strong>投标截止：</Typography.Text>
            <span className="amend-change-before">{formatDateTime(amendment.deadlineBefore)}</span>→
            <span className={amendment.deadlineExtended ? 'amend-deadline-extended' : undefined}>
              {formatDateTime(amendment.deadlineAfter)}
            </span>
            {amendment.deadlineExtended && <Tag color="orange">按 15 日规则自动顺延</Tag>}
          </Space>
        </Typography.Paragraph>
      )}
      {amendment.changes.length > 0 && <AmendmentChanges changes={amendment.changes} />}
    </Card>
  );
}

export function AmendmentsTab({ tenderId }: { tenderId: number }) {
  const list = useTenderAmendments(tenderId);
  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (!list.isLoading && !list.data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无澄清/修改" />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {[...(list.data ?? [])]
        .sort((a, b) => b.amendmentNo - a.amendmentNo)
        .map((a) => (
          <AmendmentCard key={a.id} amendment={a} />
        ))}
    </Space>
  );
}
