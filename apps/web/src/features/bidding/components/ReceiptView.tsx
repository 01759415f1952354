import { Alert, Descriptions, Typography } from 'antd';
import type { Receipt } from '@tender/contracts';
import { formatDateTime } from '@/lib/time';
import { RECEIPT_ACTION_LABELS } from './bid-state';

/** The one-line check a supplier runs after the opening (docs: verifying a receipt). */
export const VERIFY_COMMAND = "printf '%s' '<规范文本>' | sha256sum";

/**
 * A submission's or withdrawal's receipt: what the server acknowledged, when (its clock), and the
 * SHA-256 digest the supplier keeps to check, after the opening, that its own bid was opened.
 */
export function ReceiptView({ receipt, compact = false }: { receipt: Receipt; compact?: boolean }) {
  return (
    <div className="bid-receipt">
      <Descriptions
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
        ]}
      />
      {!compact && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title="请保存回执摘要"
          description={
            <>
              摘要是对报价规范文本（含随机数 nonce）的
              SHA-256，不能反推出报价。开标后，开标记录会公布每份投标的摘要和
              nonce；把本公司报价的规范文本（键名排序的 JSON，金额保留两位小数，含公布的 nonce）代入
              <Typography.Text code>{VERIFY_COMMAND}</Typography.Text>
              ，结果与此摘要一致即证明开启的正是本公司提交的这一版。
            </>
          }
        />
      )}
    </div>
  );
}
