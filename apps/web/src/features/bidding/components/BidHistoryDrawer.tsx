import { Alert, Descriptions, Drawer, Empty, Grid, Timeline, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { BiddableTender, MyBid } from '@tender/contracts';
import { formatDateTime, formatMoney } from '@tender/contracts/format';
import { formatFileSize } from '@/components/FileUpload';
import { BidResult } from './BidResult';
import { ReceiptView } from './ReceiptView';
import { RECEIPT_ACTION_LABELS } from './bid-state';
import { amountInWords } from '@/lib/amount';

const fileList = (bid: MyBid) =>
  bid.files.length
    ? bid.files.map((f) => `${f.name}（${formatFileSize(f.size)}）`).join('；')
    : '无';

/**
 * The live bid's facts: before the opening its attachments' names and sizes only (sealed for
 * its own company too); after it, the terms as opened.
 */
function LiveBid({ bid }: { bid: MyBid }) {
  if (bid.status === 'withdrawn') return null;
  if (bid.totalPrice === null)
    return (
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined />}
        style={{ marginBottom: 16 }}
        title={`现行第 ${bid.revision} 版 · 投标文件：${fileList(bid)}`}
        description="报价、备注和文件内容开标前对任何人都不显示，包括贵公司；请以提交时打印或下载的回执为准。"
      />
    );
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ marginBottom: 16 }}
      title="开标时的投标内容"
      items={[
        {
          key: 'price',
          label: '投标总价',
          children: `${formatMoney(bid.totalPrice, bid.currency ?? 'CNY')}（${amountInWords(bid.totalPrice)}）`,
        },
        { key: 'delivery', label: '交货期', children: `${bid.deliveryDays ?? '—'} 天` },
        { key: 'warranty', label: '质保期', children: `${bid.warrantyMonths ?? '—'} 个月` },
        { key: 'remark', label: '备注', children: bid.remark || '—' },
        { key: 'files', label: '投标文件', children: fileList(bid) },
      ]}
    />
  );
}

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
      {bid && <LiveBid bid={bid} />}
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
                  <ReceiptView receipt={receipt} />
                </div>
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
