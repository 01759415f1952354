import { useEffect } from 'react';
import { Alert, Form, Input } from 'antd';
import { tenderApi, type Tender } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useCancelTender } from '../api/cancel-ttender';

const rules = rulesFrom(tenderApi.cancelTtender.body!);

/** 终止招标 with a reason; signed-up suppliers see the tender as 已终止. */
export function CancelTenderModal({
  tender,
  onClose,
}: {
  tender?: Pick<Tender, 'id' | 'tenderNo' | 'title'>;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<{ reason?: string }>(onClose);
  const cancel = useCancelTender();
  useEffect(() => {
    if (tender) form.resetFields();
  }, [tender, form]);

  return (
    <FormModal
      form={form}
      name="cancel-tender"
      label="终止招标"
      title={`终止招标：${tender?.tenderNo ?? ''}`}
      open={tender !== undefined}
      saving={cancel.isPending}
      okText="终止招标"
      onClose={onClose}
      onSubmit={({ reason }) =>
        save(
          tenderApi.cancelTtender.body!,
          { id: tender?.id, reason },
          cancel.mutateAsync,
          '已终止招标',
        )
      }
      notice={
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`「${tender?.title ?? ''}」终止后不可恢复，可通过“重新招标”生成新的草稿。`}
        />
      }
    >
      <Form.Item name="reason" label="终止原因" rules={rules.reason}>
        <Input.TextArea rows={4} maxLength={1000} showCount placeholder="如：项目取消、需求变更" />
      </Form.Item>
    </FormModal>
  );
}
