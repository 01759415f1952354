import type { ReactNode } from 'react';
import { Typography } from 'antd';
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
 * own buttons (投标, 修改报价, 撤回, 重新确认, 解密, 回执 …): the lot, its state and its buttons
 * side by side on a desktop, one under the other on a phone. Plain rows, not a table nested in
 * the tenders' table (whose column widths it would not share).
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
  return (
    <div className={stacked ? 'lot-bid-rows lot-bid-rows-stacked' : 'lot-bid-rows'}>
      {views.map((view) => (
        <div key={lotBidKey(view)} className="lot-bid-row" data-testid="lot-bid-row">
          <div className="lot-bid-name">
            <LotName view={view} />
          </div>
          <div className="lot-bid-state">
            <BidStateTag tender={view} />
            <BidRefusal tender={view} />
          </div>
          <div className="lot-bid-actions">{actions(view)}</div>
        </div>
      ))}
    </div>
  );
}
