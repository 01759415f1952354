import { Typography } from 'antd';
import { formatMoney } from '@tender/contracts/format';
import type { CandidateBid } from '../api/publish-candidates';

/**
 * A valid bid as a candidate select shows it: the company and its price. In the box the price
 * keeps its width and the name gives way with an ellipsis (the whole in the tooltip); in the list
 * (`twoLines`) the name wraps above the price and the bid's rank.
 */
export function CandidateBidLabel({ bid, twoLines }: { bid: CandidateBid; twoLines?: boolean }) {
  const price = formatMoney(bid.totalPrice, bid.currency ?? 'CNY');
  if (twoLines)
    return (
      <div className="candidate-option">
        <div className="candidate-option-name">{bid.supplierName}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bid.rank ? `报价排名第 ${bid.rank} · ` : ''}
          {price}
        </Typography.Text>
      </div>
    );
  return (
    <span className="candidate-label" title={`${bid.supplierName} · ${price}`}>
      <span className="candidate-label-name">{bid.supplierName}</span>
      <span className="candidate-label-price">{price}</span>
    </span>
  );
}
