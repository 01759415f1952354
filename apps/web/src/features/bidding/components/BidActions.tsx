import { Button, Popconfirm, Space, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  EditOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { BiddableTender, Receipt } from '@tender/contracts';
import { useServerNow } from '@/components/Countdown';
import { useReconfirmBid } from '../api/reconfirm-bid';
import { useWithdrawBid } from '../api/withdraw-bid';
import { availableActions, hasOpeningRecord, mustDecrypt, quotingIsOver } from './bid-state';
import { useFeedback } from '@/lib/feedback';

/** The buttons of one biddable tender; what shows follows the server's refusal and clock. */
export function BidActions({
  tender,
  onQuote,
  onHistory,
  onReceipt,
  onDecrypt,
  onRecord,
  onVerify,
  block = false,
}: {
  tender: BiddableTender;
  onQuote: () => void;
  onHistory: () => void;
  onReceipt: (receipt: Receipt) => void;
  /** `bidder` mode: open the decrypt dialog (during the decryption window). */
  onDecrypt: () => void;
  /** After the opening: the record, to confirm or object. */
  onRecord: () => void;
  /** After the opening: 验证回执, the receipt digest recomputed in the browser. */
  onVerify: () => void;
  /** Full-width buttons (the mobile card). */
  block?: boolean;
}) {
  const { message } = useFeedback();
  const now = useServerNow();
  const withdraw = useWithdrawBid();
  const reconfirm = useReconfirmBid();
  const actions = availableActions(tender, now);
  const bid = tender.myBid;
  const size = block ? 'middle' : 'small';

  const quoteButton = (
    <Button
      type={actions.quote === 'submit' ? 'primary' : 'default'}
      size={size}
      icon={actions.quote === 'revise' ? <EditOutlined /> : <SendOutlined />}
      disabled={!actions.quote}
      onClick={onQuote}
    >
      {bid?.status === 'submitted' ? '修改报价' : '投标'}
    </Button>
  );

  return (
    <Space size={block ? 8 : 4} wrap>
      {mustDecrypt(tender, now) && (
        <Button size={size} type="primary" icon={<UnlockOutlined />} onClick={onDecrypt}>
          解密投标
        </Button>
      )}
      {hasOpeningRecord(tender) && (
        <>
          <Button size={size} icon={<FileSearchOutlined />} onClick={onRecord}>
            开标记录
          </Button>
          <Button size={size} icon={<SafetyCertificateOutlined />} onClick={onVerify}>
            验证回执
          </Button>
        </>
      )}
      {!quotingIsOver(tender) &&
        (actions.refusal ? <Tooltip title={actions.refusal}>{quoteButton}</Tooltip> : quoteButton)}
      {actions.reconfirm && bid && (
        <Button
          size={size}
          type="primary"
          icon={<CheckCircleOutlined />}
          loading={reconfirm.isPending}
          onClick={() =>
            reconfirm.mutateAsync({ bidId: bid.bidId, lotId: bid.lotId }).then(
              (receipt) => {
                message.success('已重新确认');
                onReceipt(receipt);
              },
              () => undefined,
            )
          }
        >
          重新确认
        </Button>
      )}
      {actions.withdraw && bid && (
        <Popconfirm
          title="确认撤回投标？"
          description="撤回后本投标不参加开标；截止前可以重新投标。"
          okText="撤回"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() =>
            withdraw.mutateAsync({ bidId: bid.bidId, lotId: bid.lotId }).then(
              (receipt) => {
                message.success('投标已撤回');
                onReceipt(receipt);
              },
              () => undefined,
            )
          }
        >
          <Button size={size} danger icon={<RollbackOutlined />} loading={withdraw.isPending}>
            撤回
          </Button>
        </Popconfirm>
      )}
      {bid && (
        <Button
          size={size}
          type={block ? 'default' : 'link'}
          icon={<HistoryOutlined />}
          onClick={onHistory}
        >
          历史版本
        </Button>
      )}
    </Space>
  );
}
