import { Tag, Typography } from 'antd';
import type { MyBid } from '@tender/contracts';
import { ownBidState } from './bid-state';

/** The own bid's state as a tag, with the reason below when there is one. */
export function BidStateTag({
  bid,
  withDetail = true,
}: {
  bid: MyBid | null;
  withDetail?: boolean;
}) {
  const state = ownBidState(bid);
  return (
    <span className="bid-state">
      <Tag color={state.color} style={{ marginInlineEnd: 0 }}>
        {state.label}
      </Tag>
      {withDetail && state.detail && (
        <Typography.Text
          type={bid?.status === 'invalid' ? 'danger' : 'secondary'}
          style={{ display: 'block', fontSize: 12, marginTop: 4, maxWidth: 280 }}
        >
          {state.detail}
        </Typography.Text>
      )}
    </span>
  );
}
