import { useEffect } from 'react';
import { Form, Input, Radio } from 'antd';
import { bondApi } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { useVerifyBond } from '../api/verify-bond';
import { BondSummary } from './BondSummary';

interface ReviewValues {
  action: 'verify' | 'reject';
  reason?: string;
}

/** 核验 (a note optional) or 驳回 (a reason required) one declaration; the dialog is the asking. */
export function ReviewBondModal({ bond, onClose }: { bond?: bondApi.Bond; onClose: () => void }) {
  const { form, save } = useModalForm<ReviewValues>(onClose);
  const verify = useVerifyBond();
  const action = Form.useWatch('action', form);
  const rejecting = action === 'reject';

  useEffect(() => {
    if (bond) form.resetFields();
  }, [bond, form]);

  return (
    <FormModal<ReviewValues>
      form={form}
      name="review-bond"
      label="核验保证金"
      title="核验保证金"
      open={!!bond}
      width={600}
      saving={verify.isPending}
      okText={rejecting ? '确认驳回' : '确认核验'}
      initialValues={{ action: 'verify' }}
      notice={bond && <BondSummary bond={bond} />}
      onSubmit={(values) =>
        save(
          bondApi.verifyBondSchema,
          { id: bond!.id, action: values.action, reason: values.reason },
          verify.mutateAsync,
          rejecting ? '已驳回' : '已核验',
        )
      }
      onClose={onClose}
    >
      <Form.Item name="action" label="核验结果" required>
        <Radio.Group
          options={[
            { value: 'verify', label: '核验通过' },
            { value: 'reject', label: '驳回' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={rejecting ? '驳回原因' : '核验意见'}
        rules={
          rejecting ? [{ required: true, whitespace: true, message: '驳回保证金必须填写原因' }] : []
        }
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={500}
          showCount
          placeholder={rejecting ? '如：到账金额不足、保函无法核实' : '选填'}
        />
      </Form.Item>
    </FormModal>
  );
}
