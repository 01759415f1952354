import { Form, Input, Select } from 'antd';
import { announcementApi } from '@tender/contracts';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useDeclineCandidate } from '../api/decline-candidate';

const { DECLINE_GROUNDS, DECLINE_GROUND_LABELS } = announcementApi;
const rules = rulesFrom(announcementApi.declineCandidate.body!);
const GROUND_OPTIONS = DECLINE_GROUNDS.map((value) => ({
  value,
  label: DECLINE_GROUND_LABELS[value],
}));

interface DeclineValues {
  ground?: announcementApi.DeclineGround;
  reason?: string;
  files?: UploadedFileRef[];
}

/**
 * 取消候选人资格 (实施条例第五十五条): one of the five lawful grounds, the reason and the
 * evidence; the award then moves to the next candidate in the report's order.
 */
export function DeclineCandidateModal({
  tenderId,
  lotId,
  candidate,
  onClose,
}: {
  tenderId: number;
  lotId?: number;
  candidate?: { bidId: number; rank: number; supplierName: string };
  onClose: () => void;
}) {
  const { form, save } = useModalForm<DeclineValues>(onClose);
  const decline = useDeclineCandidate(tenderId);
  return (
    <FormModal<DeclineValues>
      form={form}
      name="decline-candidate"
      label="取消候选人资格"
      title={
        candidate ? `取消第 ${candidate.rank} 名候选人资格 · ${candidate.supplierName}` : '取消资格'
      }
      open={!!candidate}
      width={600}
      okText="确认取消"
      saving={decline.isPending}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          排名第一的中标候选人放弃中标、因不可抗力不能履行合同、未按要求提交履约保证金，或被查实存在影响中标结果的违法行为时，可按评标报告的排名顺序确定下一名候选人为中标人。此操作记入审计日志，不能撤销。
        </p>
      }
      onSubmit={(values) =>
        save(
          announcementApi.declineCandidate.body!,
          {
            tenderId,
            lotId,
            bidId: candidate!.bidId,
            ground: values.ground,
            reason: values.reason,
            fileIds: (values.files ?? []).map((file) => file.id),
          },
          decline.mutateAsync,
          '已取消该候选人资格',
        )
      }
      onClose={onClose}
    >
      <Form.Item name="ground" label="取消理由" rules={rules.ground}>
        <Select placeholder="请选择法定情形" options={GROUND_OPTIONS} />
      </Form.Item>
      <Form.Item name="reason" label="说明" rules={rules.reason}>
        <Input.TextArea
          rows={3}
          maxLength={1000}
          showCount
          placeholder="如：该投标人书面声明放弃中标"
        />
      </Form.Item>
      <Form.Item name="files" label="附件">
        <FileUpload maxCount={10} hint="书面声明、处理决定等证明材料" />
      </Form.Item>
    </FormModal>
  );
}
