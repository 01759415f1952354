import { useState } from 'react';
import { Form, Input, Modal, type FormRule } from 'antd';
import { auth } from '@tender/contracts';
import { request } from '@/lib/request';
import { showServerFieldErrors, validateForm } from '@/lib/form-errors';
import { feedback } from '@/lib/feedback';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { useUserMenu } from '@/stores/session';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** An Ant Design rule that checks a value with the shared schema's rule for that field. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

const schemaRule = (schema: FieldSchema): FormRule => ({
  validator: async (_rule, value) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error?.issues[0]?.message);
  },
});

const { oldPassword, password } = auth.changeOwnPasswordSchema.shape;

/**
 * The 修改密码 dialog. The server revokes the old token on success, so `onChanged` ends the
 * session and the user logs in with the new password.
 */
export function ChangePasswordDialog({
  open,
  onClose,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const username = useUserMenu()?.username;

  const submit = async () => {
    const values = await validateForm(form);
    if (!values) return;
    setSaving(true);
    try {
      await request(auth.updateAdminPassword, {
        oldPassword: values.oldPassword,
        password: values.password,
      });
      feedback.success('修改成功!');
      onClose();
      onChanged();
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form
        form={form}
        labelCol={{ flex: '120px' }}
        labelAlign="right"
        wrapperCol={{ flex: 1 }}
        colon
        requiredMark
        preserve={false}
        name="change-password"
      >
        <Form.Item label="原密码" name="oldPassword" required rules={[schemaRule(oldPassword)]}>
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <NewPasswordFields
          rules={[schemaRule(password)]}
          owner={{ username: username ?? '' }}
          placeholder="请输入新密码"
          confirmPlaceholder="请再次输入新密码"
        />
      </Form>
    </Modal>
  );
}
