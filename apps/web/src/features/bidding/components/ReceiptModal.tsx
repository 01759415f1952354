import { Button, Modal, Result } from 'antd';
import type { Receipt } from '@tender/contracts';
import type { BidEnvelope } from '../sealing/envelope';
import { EnvelopeDownload } from '../sealing/EnvelopeDownload';
import { ReceiptView } from './ReceiptView';

/**
 * Shown right after a submission, re-confirmation or withdrawal: the receipt to keep, and after
 * a `bidder`-mode submission the 密码信封 (the content key leaves memory when this closes).
 */
export function ReceiptModal({
  receipt,
  envelope,
  onClose,
}: {
  receipt: Receipt;
  envelope?: BidEnvelope;
  onClose: () => void;
}) {
  const withdrawn = receipt.action === 'withdraw';
  return (
    <Modal
      open
      width={640}
      title="投标回执"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存回执
        </Button>
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
              : '开标前任何人都无法查看报价内容。截止前可修改或撤回。'
        }
      />
      {envelope && <EnvelopeDownload envelope={envelope} />}
      {/* The plaintext check the full view explains is `server` mode's; a sealed bid's digest covers its envelope. */}
      <ReceiptView receipt={receipt} compact={envelope !== undefined} />
    </Modal>
  );
}
