import type { ReactNode } from 'react';
import { Table, Typography } from 'antd';
import { lotLabel } from '@tender/contracts';
import { formatMoney } from '@/lib/amount';
import { BidRefusal } from './BidRefusal';
import { BidStateTag } from './BidStateTag';
import { lotBidKey, type LotBid } from './lot-view';

/** 标段 n：名称 with its budget and bond, as a row or a card names the lot. */
function LotName({ view }: { view: LotBid }) {
  if (!view.lot) return null;
  const { lot } = view;
  return (
    <>
      <Typography.Text strong>{lotLabel(lot)}</Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        预算 {formatMoney(lot.budget, view.currency)}
        {lot.bidBond > 0 && ` · 保证金 ${formatMoney(lot.bidBond, view.currency)}`}
        {lot.priceCeiling !== null && ` · 最高限价 ${formatMoney(lot.priceCeiling, view.currency)}`}
      </Typography.Text>
    </>
  );
}

/**
 * 投标报价 of a tender of several lots: a row per signed-up lot with its own bid state and its
 * own buttons (投标, 修改报价, 撤回, 重新确认, 解密, 回执 …). On a phone the rows stack.
 */
export function LotBidRows({
  views,
  actions,
  stacked = false,
}: {
  views: LotBid[];
  actions: (view: LotBid) => ReactNode;
  stacked?: boolean;
}) {
  if (stacked)
    return (
      <div className="lot-bid-rows">
        {views.map((view) => (
          <div key={lotBidKey(view)} className="lot-bid-row" data-testid="lot-bid-row">
            <LotName view={view} />
            <div style={{ margin: '6px 0' }}>
              <BidStateTag tender={view} />
              <BidRefusal tender={view} />
            </div>
            {actions(view)}
          </div>
        ))}
      </div>
    );
  return (
    <Table<LotBid>
      rowKey={lotBidKey}
      size="small"
      pagination={false}
      dataSource={views}
      onRow={() => ({ 'data-testid': 'lot-bid-row' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: '标段', key: 'lot', width: 300, render: (_, view) => <LotName view={view} /> },
        {
          title: '我的投标',
          key: 'bid',
          width: 220,
          render: (_, view) => (
            <>
              <BidStateTag tender={view} />
              <BidRefusal tender={view} />
            </>
          ),
        },
        { title: '操作', key: 'actions', render: (_, view) => actions(view) },
      ]}
    />
  );
}
