import { Button, Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { amountInWords, formatMoney } from '@/lib/amount';
import { downloadFile } from '@/lib/file-download';
import { formatFileSize } from '@/components/FileUpload';
import type { DeskBid } from '../api/types';

/** A bid's price in figures and in 大写 (as the opening record reads it). */
export function BidPrice({ bid }: { bid: Pick<DeskBid, 'totalPrice' | 'currency'> }) {
  return (
    <div>
      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(bid.totalPrice, bid.currency)}
      </Typography.Text>
      {bid.currency === 'CNY' && (
        <div className="evaluation-price-words">
          <Typography.Text type="secondary">大写：{amountInWords(bid.totalPrice)}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/** The bid's files, each a download with the session's token. */
export function BidFiles({ files }: { files: DeskBid['files'] }) {
  if (files.length === 0) return <Typography.Text type="secondary">无附件</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {files.map((file) => (
        <Button
          key={file.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => void downloadFile(file.id, file.name).catch(() => undefined)}
        >
          {file.name}（{formatFileSize(file.size)}）
        </Button>
      ))}
    </Space>
  );
}

/** What a member weighs on a bid: price (figures and 大写), delivery, warranty, remark, files. */
export function BidFacts({ bid }: { bid: DeskBid }) {
  return (
    <div className="evaluation-bid-facts">
      <BidPrice bid={bid} />
      <div>
        交货期：{bid.deliveryDays === null ? '—' : `${bid.deliveryDays} 天`}；质保期：
        {bid.warrantyMonths === null ? '—' : `${bid.warrantyMonths} 个月`}
      </div>
      {bid.remark && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          备注：{bid.remark}
        </Typography.Paragraph>
      )}
      <BidFiles files={bid.files} />
    </div>
  );
}
