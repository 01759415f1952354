import { Button, Modal, Result } from 'antd';
import type { Receipt } from '@tender/contracts';
import { ReceiptView } from './ReceiptView';

/** Shown right after a submission, re-confirmation or withdrawal: the receipt to keep. */
export function ReceiptModal({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
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
            : '开标前任何人都无法查看报价内容。截止前可修改或撤回。'
        }
      />
      <ReceiptView receipt={receipt} />
    </Modal>
  );
}
