import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { supplierApi, type Supplier } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { useAuditSupplier } from '../api/audit-supplier';
import { REVIEW_ACTIONS, type ReviewAction } from './review-actions';

const rules = rulesFrom(supplierApi.auditSupplierSchema);

interface ReviewValues {
  reason?: string;
  term?: 'permanent' | 'until';
  until?: Dayjs;
}

/** A day after today: a blacklisting ends in the future (the server checks with its clock). */
const beforeTomorrow = (day: Dayjs) => day.isBefore(dayjs().add(1, 'day').startOf('day'));

/**
 * 通过 (with an optional 审核意见) / 驳回 / 拉黑 / 恢复 (each with a reason) one supplier; 拉黑 until
 * a day or for good.
 */
export function ReviewDialog({
  supplier,
  action,
  onClose,
}: {
  supplier?: Supplier;
  action?: ReviewAction;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<ReviewValues>(onClose);
  const audit = useAuditSupplier();
  const term = Form.useWatch('term', form);
  const meta = action ? REVIEW_ACTIONS[action] : undefined;
  const open = supplier !== undefined && action !== undefined;
  const approving = action === 'approve';

  // Each opening starts empty: a reason typed for one company must not carry over to the next.
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async (values: ReviewValues) => {
    if (!supplier || !action) return;
    const blacklistUntil =
      action === 'blacklist' && values.term === 'until' && values.until
        ? values.until.endOf('day').toISOString()
        : undefined;
    await save(
      supplierApi.auditSupplierSchema,
      { id: supplier.id, action, reason: values.reason, blacklistUntil },
      audit.mutateAsync,
      `已${meta?.label ?? '处理'}「${supplier.companyName}」`,
    );
  };

  return (
    <FormModal<ReviewValues>
      form={form}
      name="supplier-review"
      label="审核供应商"
      title={meta && supplier ? `${meta.title}：${supplier.companyName}` : '审核供应商'}
      open={open}
      saving={audit.isPending}
      onSubmit={submit}
      onClose={onClose}
      okText={meta ? `确认${meta.label}` : '确定'}
      initialValues={{ term: 'permanent' }}
      notice={
        meta && (
          <Alert
            type={meta.danger ? 'warning' : 'info'}
            showIcon
            title={meta.effect}
            style={{ marginBottom: 16 }}
          />
        )
      }
    >
      {action === 'blacklist' && (
        <>
          <Form.Item name="term" label="拉黑期限" required>
            <Radio.Group
              options={[
                { value: 'permanent', label: '永久' },
                { value: 'until', label: '截止日期' },
              ]}
            />
          </Form.Item>
          {term === 'until' && (
            <Form.Item
              name="until"
              label="截止日期"
              rules={[{ required: true, message: '请选择拉黑截止日期' }]}
              extra="截止日当天结束后自动解除"
            >
              <DatePicker disabledDate={beforeTomorrow} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item
        name="reason"
        label={approving ? '审核意见' : '原因'}
        // The contract decides: 通过 may go without a word, the others say why.
        required={!approving}
        rules={rules.reason}
      >
        <Input.TextArea
          placeholder={approving ? '选填，如：资质齐全，予以通过' : '请填写原因，将记入审核记录'}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={500}
          showCount
        />
      </Form.Item>
    </FormModal>
  );
}
