import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { bondApi } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { serverNow } from '@/lib/server-clock';
import { useRefundBond } from '../api/refund-bond';
import { BondSummary } from './BondSummary';

interface RefundValues {
  refundedAt?: Dayjs;
  reference?: string;
}

/** 退还: the day the money went back and the bank's reference; recorded for good. */
export function RefundBondModal({ bond, onClose }: { bond?: bondApi.Bond; onClose: () => void }) {
  const { form, save } = useModalForm<RefundValues>(onClose);
  const refund = useRefundBond();

  useEffect(() => {
    if (bond) form.setFieldsValue({ refundedAt: dayjs(serverNow()), reference: undefined });
  }, [bond, form]);

  return (
    <FormModal<RefundValues>
      form={form}
      name="refund-bond"
      label="退还保证金"
      title="退还保证金"
      open={!!bond}
      width={600}
      saving={refund.isPending}
      okText="确认退还"
      notice={
        bond && (
          <>
            <BondSummary bond={bond} />
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                bond.dueAt
                  ? `应于 ${bond.dueAt} 前退还${bond.overdue ? '，已逾期' : ''}；登记后不能撤销。`
                  : '登记后不能撤销。'
              }
            />
          </>
        )
      }
      onSubmit={(values) =>
        save(
          bondApi.refundBond.body!,
          {
            id: bond!.id,
            refundedAt: values.refundedAt?.format('YYYY-MM-DD'),
            reference: values.reference,
          },
          refund.mutateAsync,
          '已登记退还',
        )
      }
      onClose={onClose}
    >
      <Form.Item
        name="refundedAt"
        label="退还日期"
        rules={[{ required: true, message: '请选择退还日期' }]}
      >
        <DatePicker
          style={{ width: '100%' }}
          disabledDate={(day) => day.isAfter(dayjs(serverNow()), 'day')}
        />
      </Form.Item>
      <Form.Item
        name="reference"
        label="银行流水号"
        rules={[{ required: true, whitespace: true, message: '请填写银行流水号' }]}
      >
        <Input maxLength={64} placeholder="退款的银行交易流水号" />
      </Form.Item>
    </FormModal>
  );
}
