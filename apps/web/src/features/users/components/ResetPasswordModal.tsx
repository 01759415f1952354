import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { admin, type AdminUser } from '@tender/contracts';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
import { useResetAdminPassword } from '../api/reset-admin-password';

const rules = rulesFrom(admin.resetPasswordSchema);

interface ResetPasswordValues {
  password?: string;
  confirm?: string;
}

/** An administrator sets a new password for `user`; that user's sessions end. */
export function ResetPasswordModal({ user, onClose }: { user?: AdminUser; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetPasswordValues>();
  const reset = useResetAdminPassword();

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async ({ password }: ResetPasswordValues) => {
    if (!user) return;
    const input = parseForm(form, admin.resetPasswordSchema, { userid: user.userid, password });
    if (!input) return;
    try {
      await reset.mutateAsync(input);
      message.success(`已重置 ${user.username} 的密码`);
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={user !== undefined}
      title={`重置密码：${user?.realName ?? ''}（${user?.username ?? ''}）`}
      onCancel={onClose}
      onOk={() => form.validateFields().then(submit, () => undefined)}
      confirmLoading={reset.isPending}
      okText="重置"
      forceRender
    >
      <Form name="reset-password" form={form} labelCol={{ flex: '90px' }} aria-label="重置密码">
        <Form.Item name="password" label="新密码" rules={rules.password}>
          <Input.Password placeholder="至少 8 位，含字母和数字" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('password'))
                  throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
