import { Descriptions, Typography } from 'antd';
import type { Receipt } from '@tender/contracts';
import { formatDateTime } from '@tender/contracts/format';
import type { BidCopy } from '../receipt/bid-copy';
import { quotationLines } from '../receipt/receipt-file';
import { RECEIPT_ACTION_LABELS } from './bid-state';

/**
 * A submission's or withdrawal's receipt: what the server acknowledged, when (its clock), and
 * the SHA-256 digest the supplier keeps to check, after the opening, that its own bid was
 * opened. With `copy` (the answer to the submission itself, from this browser) the quotation
 * as sent: nothing else ever shows a sealed price, to its own company neither.
 */
export function ReceiptView({ receipt, copy }: { receipt: Receipt; copy?: BidCopy | null }) {
  const terms = copy
    ? quotationLines(copy).map(([label, value]) => ({
        key: label,
        label,
        children:
          label === '投标总价' ? (
            <Typography.Text strong data-testid="receipt-price">
              {value}
            </Typography.Text>
          ) : (
            value
          ),
      }))
    : [];
  return (
    <Descriptions
      className="bid-receipt"
      size="small"
      bordered
      column={1}
      styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
      items={[
        { key: 'action', label: '操作', children: RECEIPT_ACTION_LABELS[receipt.action] },
        { key: 'bidId', label: '投标编号', children: receipt.bidId },
        { key: 'revision', label: '版本', children: `第 ${receipt.revision} 版` },
        { key: 'time', label: '服务器时间', children: formatDateTime(receipt.submittedAt) },
        {
          key: 'digest',
          label: '回执摘要',
          children: (
            <Typography.Text
              code
              copyable={{ text: receipt.digest, tooltips: ['复制摘要', '已复制'] }}
              style={{ wordBreak: 'break-all', fontSize: 12 }}
              data-testid="receipt-digest"
            >
              {receipt.digest}
            </Typography.Text>
          ),
        },
        ...terms,
      ]}
    />
  );
}
