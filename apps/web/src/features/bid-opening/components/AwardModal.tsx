import { useState } from 'react';
import { Alert, Form, Input, Select } from 'antd';
import { bidApi } from '@tender/contracts';
import { ApiError, ERROR_MESSAGE_DURATION_MS } from '@/lib/request';
import { useFeedback } from '@/lib/feedback';
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

/**
 * 定标: one valid opened bid and the reason; the award happens once per lot and drafts the
 * lot's announcement. The server refuses a winner past the 兼投不兼中 limit with 409: said in
 * the dialog, in the server's words, so another bidder can be chosen.
 */
export function AwardModal({
  tenderId,
  lotId,
  lotName,
  bids,
  onClose,
  onAwarded,
}: {
  tenderId: number;
  /** The lot awarded (left out on a one-lot tender). */
  lotId?: number;
  /** 标段 n：名称, on a tender of several lots. */
  lotName?: string;
  /** The valid opened bids, best ranked first. */
  bids: ComparedBid[];
  onClose: () => void;
  onAwarded?: () => unknown;
}) {
  const { form, save } = useModalForm<AwardValues>(onClose);
  const award = useAwardTender(tenderId, onAwarded);
  const [conflict, setConflict] = useState<string>();
  const { message } = useFeedback();
  // The call is quiet: a 409 is said here in the dialog, any other refusal as the wrapper would.
  const awardOnce = (input: Parameters<typeof award.mutateAsync>[0]) =>
    award.mutateAsync(input).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 409) setConflict(error.message);
      else
        message.error({
          content: error instanceof Error ? error.message : String(error),
          duration: ERROR_MESSAGE_DURATION_MS / 1000,
        });
      throw error;
    });
  return (
    <FormModal<AwardValues>
      form={form}
      name="award"
      label="定标表单"
      title={lotName ? `定标 · ${lotName}` : '定标'}
      open
      width={560}
      okText="确认定标"
      saving={award.isPending}
      initialValues={{ bidId: bids[0]?.bidId }}
      notice={
        <>
          {conflict && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={
                /兼投不兼中|最多中标/.test(conflict)
                  ? '兼投不兼中：该投标人已达最多中标标段数，请选择其他投标人'
                  : '不能定标'
              }
              description={conflict}
              data-testid="award-conflict"
            />
          )}
          <p style={{ color: 'rgba(0,0,0,0.45)' }}>
            {lotName ? '每个标段' : ''}
            定标只能进行一次，确认后中标投标标记为「中标」，其余为「未中标」，并生成
            {lotName ? '该标段的' : ''}中标结果公告草稿。
          </p>
        </>
      }
      onSubmit={(values) => {
        setConflict(undefined);
        return save(
          bidApi.awardTtender.body!,
          { ...values, id: tenderId, lotId },
          awardOnce,
          '定标完成',
        );
      }}
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
