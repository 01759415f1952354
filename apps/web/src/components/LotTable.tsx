import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AnyLotView, LotStatus } from '@tender/contracts';
import { formatMoney } from '@tender/contracts/format';
import { LotStatusTag } from './LotStatusTag';

/** "兼投不兼中：每个投标人最多中标 2 个标段", or null when the tender sets no limit. */
export const lotCapText = (maxLotsPerWinner: number | null | undefined) =>
  maxLotsPerWinner == null ? null : `兼投不兼中：每个投标人最多中标 ${maxLotsPerWinner} 个标段`;

type Column = 'minBids' | 'status';

/**
 * A tender's lots (标段), read-only, in lotNo order: what the manager's detail, the public
 * detail and the bidder's screens show when a tender has several. `hide` leaves out columns
 * a reader does not get (the public sees no minimum bids) or does not need.
 */
export function LotTable({
  lots,
  currency = 'CNY',
  hide = [],
  maxLotsPerWinner,
}: {
  lots: readonly AnyLotView[];
  currency?: string;
  hide?: Column[];
  maxLotsPerWinner?: number | null;
}) {
  const money = (value: number | null) => (value == null ? '—' : formatMoney(value, currency));
  const columns: TableColumnsType<AnyLotView> = [
    { key: 'lotNo', title: '标段号', dataIndex: 'lotNo', width: 72, align: 'center' },
    {
      key: 'name',
      title: '名称',
      dataIndex: 'name',
      render: (name: string, lot) => (
        <>
          <div style={{ overflowWrap: 'anywhere' }}>{name}</div>
          {lot.description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {lot.description}
            </Typography.Text>
          )}
        </>
      ),
    },
    { key: 'budget', title: '预算', dataIndex: 'budget', align: 'right', render: money },
    { key: 'ceiling', title: '限价', dataIndex: 'priceCeiling', align: 'right', render: money },
    ...(hide.includes('minBids')
      ? []
      : [{ key: 'minBids', title: '最少投标数', dataIndex: 'minBids', align: 'center' as const }]),
    {
      key: 'bond',
      title: '保证金',
      dataIndex: 'bidBond',
      align: 'right',
      render: (bond: number) => (bond > 0 ? formatMoney(bond, currency) : '不收取'),
    },
    {
      key: 'quantity',
      title: '数量',
      dataIndex: 'quantity',
      render: (quantity: string | null) => quantity || '—',
    },
    ...(hide.includes('status')
      ? []
      : [
          {
            key: 'status',
            title: '状态',
            dataIndex: 'status',
            render: (status: LotStatus) => <LotStatusTag status={status} />,
          },
        ]),
  ];
  const cap = lotCapText(maxLotsPerWinner);
  return (
    <>
      <Table<AnyLotView>
        rowKey="lotId"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={[...lots].sort((a, b) => a.lotNo - b.lotNo)}
        scroll={{ x: 'max-content' }}
        aria-label="标段"
      />
      {cap && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {cap}
        </Typography.Paragraph>
      )}
    </>
  );
}
