import { Form, Input, Select } from 'antd';
import { bidApi } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { formatMoney } from '@/lib/amount';
import { rulesFrom } from '@/lib/form-errors';
import { useAwardTender } from '../api/award-ttender';
import type { ComparedBid } from '@/hooks/use-bid-comparison';

interface AwardValues {
  bidId?: number;
  reason?: string;
}

const rules = rulesFrom(bidApi.awardTtender.body!);

/** 定标: one valid opened bid and the reason; the award happens once and drafts the announcement. */
export function AwardModal({
  tenderId,
  bids,
  onClose,
  onAwarded,
}: {
  tenderId: number;
  /** The valid opened bids, best ranked first. */
  bids: ComparedBid[];
  onClose: () => void;
  onAwarded?: () => unknown;
}) {
  const { form, save } = useModalForm<AwardValues>(onClose);
  const award = useAwardTender(tenderId, onAwarded);
  return (
    <FormModal<AwardValues>
      form={form}
      name="award"
      label="定标表单"
      title="定标"
      open
      width={560}
      okText="确认定标"
      saving={award.isPending}
      initialValues={{ bidId: bids[0]?.bidId }}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          定标只能进行一次，确认后中标投标标记为「中标」，其余为「未中标」，并生成中标结果公告草稿。
        </p>
      }
      onSubmit={(values) =>
        save(bidApi.awardTtender.body!, { ...values, id: tenderId }, award.mutateAsync, '定标完成')
      }
      onClose={onClose}
    >
      <Form.Item name="bidId" label="中标人" rules={rules.bidId}>
        <Select
          options={bids.map((bid) => ({
            value: bid.bidId,
            label: `${bid.rank ? `第 ${bid.rank} 名 · ` : ''}${bid.supplierName} · ${formatMoney(bid.totalPrice, bid.currency ?? 'CNY')}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="reason" label="定标理由" rules={rules.reason}>
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          placeholder="如：经评标委员会评审，综合得分第一"
        />
      </Form.Item>
    </FormModal>
  );
}
