import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { bidApi } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { formatMoney } from '@/lib/amount';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useAwardCandidate } from '../api/award-candidate';

const rules = rulesFrom(bidApi.awardTtender.body!);

type Candidate = { bidId: number; rank: number; supplierName: string; price: number };

/** The reason the ranking itself gives; the manager may add to it. */
const reasonFor = (candidate: Candidate) =>
  `按评标委员会推荐顺序，第 ${candidate.rank} 名中标候选人${candidate.rank > 1 ? '（排名在前的候选人已依法取消资格）' : ''}`;

/** 定标 to the candidate the ranking gives (the first not declined); only the reason is asked. */
export function AwardCandidateModal({
  tenderId,
  lotId,
  candidate,
  onClose,
}: {
  tenderId: number;
  lotId?: number;
  candidate?: Candidate;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<{ reason?: string }>(onClose);
  const award = useAwardCandidate(tenderId);
  // The modal is mounted before a candidate is chosen: its reason follows the one chosen.
  useEffect(() => {
    if (candidate) form.setFieldsValue({ reason: reasonFor(candidate) });
  }, [candidate, form]);
  return (
    <FormModal<{ reason?: string }>
      form={form}
      name="award-candidate"
      label="定标表单"
      title={candidate ? `定标 · ${candidate.supplierName}` : '定标'}
      open={!!candidate}
      width={560}
      okText="确认定标"
      saving={award.isPending}
      notice={
        candidate && (
          <p>
            中标人：{candidate.supplierName}，中标价 {formatMoney(candidate.price, 'CNY')}。
            定标只能进行一次，并生成中标结果公告草稿（列明评标委员会成员名单）。
          </p>
        )
      }
      onSubmit={(values) =>
        save(
          bidApi.awardTtender.body!,
          { id: tenderId, lotId, bidId: candidate!.bidId, reason: values.reason },
          award.mutateAsync,
          '定标完成',
        )
      }
      onClose={onClose}
    >
      <Form.Item name="reason" label="定标理由" rules={rules.reason}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </FormModal>
  );
}
