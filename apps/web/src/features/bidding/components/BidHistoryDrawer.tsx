import { Drawer, Empty, Grid, Timeline, Typography } from 'antd';
import type { BiddableTender } from '@tender/contracts';
import { BidResult } from './BidResult';
import { ReceiptView } from './ReceiptView';
import { RECEIPT_ACTION_LABELS } from './bid-state';
import { formatDateTime } from '@/lib/time';

/** Every revision and withdrawal of the own bid with its receipt, newest first; the result on top. */
export function BidHistoryDrawer({
  tender,
  onClose,
}: {
  tender: BiddableTender;
  onClose: () => void;
}) {
  const { md } = Grid.useBreakpoint();
  const bid = tender.myBid;
  const revisions = [...(bid?.revisions ?? [])].sort((a, b) =>
    b.submittedAt.localeCompare(a.submittedAt),
  );
  return (
    <Drawer
      open
      title={`历史版本 · ${tender.title}`}
      size={md === false ? '100%' : 560}
      onClose={onClose}
      destroyOnHidden
    >
      {bid && <BidResult bid={bid} />}
      {revisions.length === 0 ? (
        <Empty description="尚未提交过报价" />
      ) : (
        <Timeline
          items={revisions.map((receipt, index) => ({
            key: `${receipt.revision}-${receipt.action}-${receipt.submittedAt}`,
            color: receipt.action === 'withdraw' ? 'gray' : index === 0 ? 'blue' : 'green',
            content: (
              <>
                <Typography.Text strong>
                  第 {receipt.revision} 版 · {RECEIPT_ACTION_LABELS[receipt.action]}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {formatDateTime(receipt.submittedAt)}
                </Typography.Text>
                <div style={{ marginTop: 8 }}>
                  <ReceiptView receipt={receipt} compact />
                </div>
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
