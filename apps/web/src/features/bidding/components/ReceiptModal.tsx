import { Alert, Button, Modal, Result, Space, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { BidEnvelope } from '../sealing/envelope';
import { EnvelopeDownload } from '../sealing/EnvelopeDownload';
import { downloadReceipt, printReceipt, type KeptReceipt } from '../receipt/receipt-file';
import { ReceiptView } from './ReceiptView';
import '../receipt/receipt.css';

/**
 * Shown right after a submission, re-confirmation or withdrawal: the 回执 to keep — printed or
 * downloaded — with, for a submission, the quotation as sent (this browser's copy: afterwards
 * no page shows the price until the opening); after a `bidder`-mode submission the 密码信封 too
 * (the content key leaves memory when this closes).
 */
export function ReceiptModal({
  kept,
  envelope,
  onClose,
}: {
  kept: KeptReceipt;
  envelope?: BidEnvelope;
  onClose: () => void;
}) {
  const { receipt, tender, copy } = kept;
  const withdrawn = receipt.action === 'withdraw';
  return (
    <Modal
      open
      width={680}
      title="投标回执"
      onCancel={onClose}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button icon={<PrinterOutlined />} onClick={printReceipt}>
            打印回执
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadReceipt(kept)}>
            下载回执
          </Button>
          <Button type="primary" onClick={onClose}>
            我已保存回执
          </Button>
        </Space>
      }
    >
      <Result
        status="success"
        style={{ padding: '8px 0 16px' }}
        title={withdrawn ? '投标已撤回' : `报价已密封提交（第 ${receipt.revision} 版）`}
        subTitle={
          withdrawn
            ? '撤回的投标不参加开标；截止前仍可重新投标。'
            : envelope
              ? '报价已在本机加密，开标解密前任何人（包括平台）都无法查看。截止前可修改或撤回。'
              : '开标前任何人都无法查看报价内容，贵公司的其他账号也不能。截止前可修改或撤回。'
        }
      />
      {envelope && <EnvelopeDownload envelope={envelope} />}
      <div className="bid-receipt-print">
        <Typography.Title level={4} className="receipt-heading">
          投标回执
        </Typography.Title>
        <Typography.Paragraph strong style={{ marginBottom: 8 }}>
          {tender.title}
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
            {tender.tenderNo}
          </Typography.Text>
        </Typography.Paragraph>
        <ReceiptView receipt={receipt} copy={copy} />
      </div>
      {copy && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="报价只在此回执中显示"
          description="提交后直到开标，平台不再向任何人显示报价内容（包括贵公司）。请打印或下载本回执留存。修改报价须填写完整的新报价；在本标签页关闭或退出登录前，可由本机副本代为填入。"
        />
      )}
      {!withdrawn && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          回执摘要是本次提交的规范文本（含随机数 nonce）的
          SHA-256，不能反推出报价。开标后在本页点「验证回执」，即可核对开启的正是这一版。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
