import { Tag, Typography } from 'antd';
import type { BiddableTender } from '@tender/contracts';
import { useServerNow } from '@/components/Countdown';
import { bidStateOf } from './bid-state';

/** The own bid's state on the tender as a tag, with the reason below when there is one. */
export function BidStateTag({
  tender,
  withDetail = true,
}: {
  tender: BiddableTender;
  withDetail?: boolean;
}) {
  const now = useServerNow();
  const state = bidStateOf(tender, now);
  return (
    <span className="bid-state">
      <Tag color={state.color} style={{ marginInlineEnd: 0 }} data-testid="bid-state">
        {state.label}
      </Tag>
      {withDetail && state.detail && (
        <Typography.Text
          type={state.color === 'error' ? 'danger' : 'secondary'}
          style={{ display: 'block', fontSize: 12, marginTop: 4, maxWidth: 280 }}
        >
          {state.detail}
        </Typography.Text>
      )}
    </span>
  );
}
