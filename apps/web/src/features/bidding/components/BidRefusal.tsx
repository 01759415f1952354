import { Typography } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { BiddableTender } from '@tender/contracts';
import { useServerNow } from '@/components/Countdown';
import { showsRefusal } from './bid-state';

/**
 * Why the company cannot bid on this tender now, in the server's words — only while the tender
 * takes bids: a tender that is over says so by its status, not by a warning.
 */
export function BidRefusal({ tender }: { tender: BiddableTender }) {
  const now = useServerNow();
  if (!showsRefusal(tender, now)) return null;
  return (
    <Typography.Text
      type="warning"
      style={{ display: 'block', fontSize: 12, marginTop: 4, maxWidth: 280 }}
    >
      <ExclamationCircleOutlined /> {tender.bidRefusal}
    </Typography.Text>
  );
}
