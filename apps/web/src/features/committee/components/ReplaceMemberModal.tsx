import { Form, Input } from 'antd';
import { committeeApi } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useReplaceMember } from '../api/replace-member';

const rules = rulesFrom(committeeApi.replaceMember.body!);

/** 更换委员: with the reason (illness, a conflict found later); its sheets become void. */
export function ReplaceMemberModal({
  tenderId,
  member,
  onClose,
}: {
  tenderId: number;
  member?: committeeApi.CommitteeMember;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<{ reason?: string }>(onClose);
  const replace = useReplaceMember(tenderId);
  return (
    <FormModal<{ reason?: string }>
      form={form}
      name="replace-member"
      label="更换委员"
      title={member ? `更换委员 ${member.name}` : '更换委员'}
      open={!!member}
      width={520}
      okText="确认更换"
      saving={replace.isPending}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          被更换委员已填写的评分表作废，由下一位备选专家递补；无备选专家时重新抽取补足席位。
        </p>
      }
      onSubmit={(values) =>
        save(
          committeeApi.replaceMember.body!,
          { memberId: member!.memberId, reason: values.reason },
          replace.mutateAsync,
          '已更换委员',
        )
      }
      onClose={onClose}
    >
      <Form.Item name="reason" label="更换理由" rules={rules.reason}>
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          placeholder="如：因病不能参加评标；发现与投标人存在利害关系"
        />
      </Form.Item>
    </FormModal>
  );
}
