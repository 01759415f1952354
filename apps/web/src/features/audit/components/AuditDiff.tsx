import { Col, Empty, Row, Typography } from 'antd';
import { diffAudit, type DiffLine } from './audit-diff';

const CHANGED = {
  before: { background: '#fff1f0', borderLeft: '3px solid #ff4d4f' },
  after: { background: '#f6ffed', borderLeft: '3px solid #52c41a' },
};

function DiffSide({
  title,
  lines,
  side,
}: {
  title: string;
  lines: DiffLine[];
  side: 'before' | 'after';
}) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" />
      ) : (
        <pre
          style={{
            margin: '8px 0 0',
            padding: 8,
            background: '#fafafa',
            borderRadius: 6,
            fontSize: 12,
            maxHeight: 320,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {lines.map((line, index) => (
            <div
              key={`${line.key}-${index}`}
              data-changed={line.changed || undefined}
              style={{
                padding: '0 6px',
                ...(line.changed ? CHANGED[side] : { borderLeft: '3px solid transparent' }),
              }}
            >
              {line.text}
            </div>
          ))}
        </pre>
      )}
    </div>
  );
}

/** What one audited call changed: the record before and after, changed keys highlighted. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const lines = diffAudit(before, after);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <DiffSide title="修改前" lines={lines.before} side="before" />
      </Col>
      <Col xs={24} md={12}>
        <DiffSide title="修改后" lines={lines.after} side="after" />
      </Col>
    </Row>
  );
}
