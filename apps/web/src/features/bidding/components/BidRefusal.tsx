import { Typography } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { BiddableTender } from '@tender/contracts';

/** Why the company cannot bid on this tender now, in the server's words (null: it can). */
export function BidRefusal({ tender }: { tender: BiddableTender }) {
  if (!tender.bidRefusal) return null;
  return (
    <Typography.Text
      type="warning"
      style={{ display: 'block', fontSize: 12, marginTop: 4, maxWidth: 280 }}
    >
      <ExclamationCircleOutlined /> {tender.bidRefusal}
    </Typography.Text>
  );
}
