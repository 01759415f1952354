import type { ReactNode } from 'react';
import { Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { bidApi, OpeningRecord } from '@tender/contracts';

type OpeningConfirmation = bidApi.OpeningConfirmation;
import { Countdown, useServerNow } from '@/components/Countdown';
import { formatDateTime } from '@/lib/time';

interface ConfirmationRow {
  supplierId: number;
  supplierName: string;
  confirmation: OpeningConfirmation | null;
}

/** Every participating supplier once, with its confirmation or objection when it gave one. */
export function confirmationRows(record: OpeningRecord): ConfirmationRow[] {
  const bySupplier = new Map(record.confirmations.map((c) => [c.supplierId, c]));
  const rows = new Map<number, ConfirmationRow>();
  for (const entry of record.entries)
    rows.set(entry.supplierId, {
      supplierId: entry.supplierId,
      supplierName: entry.supplierName,
      confirmation: bySupplier.get(entry.supplierId) ?? null,
    });
  for (const c of record.confirmations)
    if (!rows.has(c.supplierId))
      rows.set(c.supplierId, {
        supplierId: c.supplierId,
        supplierName: c.supplierName,
        confirmation: c,
      });
  return [...rows.values()];
}

function StateTag({ row, closed }: { row: ConfirmationRow; closed: boolean }) {
  const c = row.confirmation;
  if (!c) return closed ? <Tag>逾期未确认</Tag> : <Tag color="processing">待确认</Tag>;
  if (c.agree) return <Tag color="success">已确认</Tag>;
  return c.answer ? <Tag color="warning">异议已答复</Tag> : <Tag color="error">有异议待答复</Tag>;
}

/**
 * 投标人确认: each participating supplier confirms the record or objects to it before
 * confirmUntil; the manager answers an objection on the spot. Both are part of the record.
 */
export function OpeningConfirmations({
  record,
  action,
}: {
  record: OpeningRecord;
  action?: (confirmation: OpeningConfirmation) => ReactNode;
}) {
  const now = useServerNow();
  const closed = Date.parse(record.confirmUntil) <= now;
  const columns: TableColumnsType<ConfirmationRow> = [
    { title: '投标人', dataIndex: 'supplierName', width: 180 },
    {
      title: '状态',
      key: 'state',
      width: 140,
      render: (_, row) => (
        <>
          <StateTag row={row} closed={closed} />
          {row.confirmation && (
            <div style={{ fontSize: 12 }}>{formatDateTime(row.confirmation.confirmedAt)}</div>
          )}
        </>
      ),
    },
    {
      title: '异议 / 答复',
      key: 'objection',
      width: 360,
      render: (_, row) => {
        const c = row.confirmation;
        if (!c || c.agree) return '—';
        return (
          <Space direction="vertical" size={4} style={{ maxWidth: 420 }}>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>
              异议：{c.objection}
            </Typography.Text>
            {c.answer ? (
              <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                答复（{c.answeredAt ? formatDateTime(c.answeredAt) : ''}）：{c.answer}
              </Typography.Text>
            ) : (
              action?.(c)
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <section className="opening-confirmations" aria-label="投标人确认">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', margin: '16px 0 8px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          投标人确认
        </Typography.Title>
        <Typography.Text type="secondary">
          确认截止 {formatDateTime(record.confirmUntil)}{' '}
          <Countdown deadline={record.confirmUntil} prefix="剩余 " doneText="确认期已结束" />
        </Typography.Text>
      </Space>
      <Table<ConfirmationRow>
        rowKey="supplierId"
        size="small"
        columns={columns}
        dataSource={confirmationRows(record)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有参加开标的投标人' }}
      />
    </section>
  );
}
