import type { ReactNode } from 'react';
import { Form, Modal, Spin, type FormInstance } from 'antd';
import { focusFirstError } from '@/lib/form-errors';

/**
 * An add or edit dialog: its form (labels 90 px wide), checked on 保存 before `onSubmit` runs;
 * when a rule fails, the first failing field scrolls into view with the cursor in it.
 * `notice` shows above the form; `loading` covers the form while its record loads.
 */
export function FormModal<V extends object>({
  form,
  name,
  label,
  title,
  open,
  saving,
  onSubmit,
  onClose,
  initialValues,
  width,
  okText = '保存',
  okDisabled,
  notice,
  loading,
  children,
}: {
  form: FormInstance<V>;
  name: string;
  /** The form's accessible name. */
  label: string;
  title: ReactNode;
  open: boolean;
  saving: boolean;
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  initialValues?: Partial<V>;
  width?: number;
  okText?: string;
  okDisabled?: boolean;
  notice?: ReactNode;
  loading?: boolean;
  children: ReactNode;
}) {
  const body = (
    <Form<V>
      name={name}
      form={form}
      // A phone stacks each label above its field at full width; a fixed 90 px there wraps 交货期（天）.
      labelCol={{ xs: { span: 24 }, sm: { flex: '90px' } }}
      initialValues={initialValues}
      aria-label={label}
    >
      {children}
    </Form>
  );
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.validateFields().then(onSubmit, () => focusFirstError(form))}
      okButtonProps={{ disabled: okDisabled }}
      confirmLoading={saving}
      okText={okText}
      forceRender
    >
      {notice}
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </Modal>
  );
}
