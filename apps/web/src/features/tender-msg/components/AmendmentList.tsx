import { Collapse, Empty, Space, Tag, Typography } from 'antd';
import type { Amendment } from '@tender/contracts';
import { formatAmount } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';

const LABELS: Record<string, string> = {
  title: '招标标题',
  budget: '预算金额',
  priceCeiling: '最高投标限价',
  contact: '联系人',
  contactPhone: '联系电话',
  description: '招标内容',
  docsFrom: '文件获取开始',
  docsUntil: '文件获取截止',
  bidValidityDays: '投标有效期（日）',
  bidDeadline: '投标截止时间',
  openingAt: '开标时间',
  minBids: '最少有效投标数',
  documentIds: '招标文件',
};

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (/^(docsFrom|docsUntil|bidDeadline|openingAt)$/.test(field))
    return formatDateTime(String(value));
  if (field === 'description') {
    const text = String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  }
  if (field === 'documentIds') return '招标文件已更新，请重新下载';
  if ((field === 'budget' || field === 'priceCeiling') && typeof value === 'number')
    return formatAmount(value);
  if (Array.isArray(value)) return value.join('、');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The tender's 澄清/修改, newest first, each with what changed; a signed-up supplier reads these. */
export function AmendmentList({ amendments }: { amendments: Amendment[] }) {
  if (!amendments.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无澄清/修改" />;
  const sorted = [...amendments].sort((a, b) => b.amendmentNo - a.amendmentNo);
  return (
    <Collapse
      defaultActiveKey={[String(sorted[0]?.id)]}
      items={sorted.map((a) => ({
        key: String(a.id),
        label: (
          <Space wrap size={8}>
            <Typography.Text strong>第 {a.amendmentNo} 号澄清/修改</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(a.createdAt)}
            </Typography.Text>
            {a.deadlineBefore !== a.deadlineAfter && <Tag color="orange">截止时间变更</Tag>}
          </Space>
        ),
        children: (
          <>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
              {a.reason}
            </Typography.Paragraph>
            {a.deadlineBefore !== a.deadlineAfter && (
              <Typography.Paragraph>
                投标截止时间：
                <Typography.Text delete>{formatDateTime(a.deadlineBefore)}</Typography.Text> →{' '}
                <Typography.Text strong type="warning">
                  {formatDateTime(a.deadlineAfter)}
                </Typography.Text>
                {a.deadlineExtended && '（按规定自动顺延）'}；开标时间：
                {formatDateTime(a.openingAfter)}
              </Typography.Paragraph>
            )}
            {a.changes
              .filter((c) => c.field !== 'bidDeadline' && c.field !== 'openingAt')
              .map((c) => (
                <div key={c.field} style={{ overflowWrap: 'anywhere' }}>
                  <Typography.Text type="secondary">{LABELS[c.field] ?? c.field}：</Typography.Text>
                  {c.field !== 'documentIds' && (
                    <>
                      <Typography.Text delete type="secondary">
                        {valueText(c.field, c.before)}
                      </Typography.Text>{' '}
                      →{' '}
                    </>
                  )}
                  {valueText(c.field, c.after)}
                </div>
              ))}
          </>
        ),
      }))}
    />
  );
}
