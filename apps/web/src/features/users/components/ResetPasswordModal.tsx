import { useEffect } from 'react';
import { admin, type AdminUser } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { useResetAdminPassword } from '../api/reset-admin-password';

const rules = rulesFrom(admin.resetPasswordSchema);

interface ResetPasswordValues {
  password?: string;
  confirm?: string;
}

/** An administrator sets a new password for `user`; that user's sessions end. */
export function ResetPasswordModal({ user, onClose }: { user?: AdminUser; onClose: () => void }) {
  const { form, save } = useModalForm<ResetPasswordValues>(onClose);
  const reset = useResetAdminPassword();

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async ({ password }: ResetPasswordValues) => {
    if (!user) return;
    const input = { userid: user.userid, password };
    await save(
      admin.resetPasswordSchema,
      input,
      reset.mutateAsync,
      `已重置 ${user.username} 的密码`,
    );
  };

  return (
    <FormModal
      form={form}
      name="reset-password"
      label="重置密码"
      title={`重置密码：${user?.realName ?? ''}（${user?.username ?? ''}）`}
      open={user !== undefined}
      saving={reset.isPending}
      onSubmit={submit}
      onClose={onClose}
      okText="重置"
    >
      <NewPasswordFields
        rules={rules.password}
        owner={{ username: user?.username ?? '' }}
        placeholder="请输入新密码"
        confirmPlaceholder="再次输入新密码"
      />
    </FormModal>
  );
}
