import { useEffect } from 'react';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { expertApi } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { serverNow } from '@/lib/server-clock';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useUpdateExpert } from '../api/update-expert';

const rules = rulesFrom(expertApi.updateExpertSchema);

interface SuspendValues {
  suspendReason?: string;
  suspendUntil?: Dayjs | null;
}

/** 暂停: a suspended expert is left out of every draw until its last day passes or it is restored. */
export function SuspendExpertModal({
  expert,
  onClose,
}: {
  expert?: expertApi.Expert;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<SuspendValues>(onClose);
  const update = useUpdateExpert();
  useEffect(() => {
    if (expert) form.resetFields();
  }, [expert, form]);

  return (
    <FormModal<SuspendValues>
      form={form}
      name="suspend-expert"
      label="暂停专家"
      title={expert ? `暂停专家 ${expert.name}` : '暂停专家'}
      open={!!expert}
      width={520}
      okText="暂停"
      saving={update.isPending}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          暂停期间不参加抽取；已在评标委员会中的席位不受影响，如需更换请在该项目的评标委员会中操作。
        </p>
      }
      onSubmit={(values) =>
        save(
          expertApi.updateExpertSchema,
          {
            id: expert!.id,
            status: 'suspended',
            suspendReason: values.suspendReason,
            suspendUntil: values.suspendUntil ? values.suspendUntil.format('YYYY-MM-DD') : null,
          },
          update.mutateAsync,
          '已暂停',
        )
      }
      onClose={onClose}
    >
      <Form.Item
        name="suspendReason"
        label="暂停原因"
        rules={[
          { required: true, whitespace: true, message: '请填写暂停原因' },
          ...rules.suspendReason,
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：年度考核不合格" />
      </Form.Item>
      <Form.Item name="suspendUntil" label="截止日期" extra="不填则直至恢复">
        <DatePicker
          style={{ width: '100%' }}
          disabledDate={(day) => day.isBefore(dayjs(serverNow()), 'day')}
          aria-label="暂停截止日期"
        />
      </Form.Item>
    </FormModal>
  );
}
