import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { admin, type AdminUser } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useRoleOptions } from '@/hooks/use-role-options';
import { useInsertAdmin } from '../api/insert-admin';
import { useUpdateAdmin } from '../api/update-admin';
import { STATUS_OPTIONS } from '@/components/status';
import { ContactFields } from '@/components/ContactFields';
import { PasswordStrength, passwordGuessRule } from '@/components/PasswordStrength';

// Editing keeps the same field rules as adding; the update schema only makes fields omittable.
const rules = rulesFrom(admin.insertAdminSchema);

/** The first password must not contain the username typed above it. */
const OWNER = { usernameField: 'username' };

/** Bidder accounts belong to a supplier company; other roles have none. */
const BIDDER_ROLE = 'bidder';

interface UserFormValues {
  username?: string;
  password?: string;
  realName?: string;
  roleId?: number;
  phone?: string;
  email?: string;
  status?: 'enabled' | 'disabled';
  supplierId?: number | null;
}

/** Adds a user (with a first password) or edits one; `user` undefined means add. */
export function UserFormModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user?: AdminUser;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<UserFormValues>(onClose);
  const roles = useRoleOptions();
  const insert = useInsertAdmin();
  const update = useUpdateAdmin();
  const isEdit = user !== undefined;

  const roleId = Form.useWatch('roleId', form);
  const chosenRole = roles.data?.find((r) => r.value === roleId);
  const needsSupplier = chosenRole?.roleName === BIDDER_ROLE || Boolean(user?.supplierId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        username: user.username,
        realName: user.realName,
        roleId: user.roleId,
        phone: user.phone ?? '',
        email: user.email ?? '',
        status: user.status,
        supplierId: user.supplierId,
      });
    }
  }, [open, user, form]);

  const submit = () => {
    const values = form.getFieldsValue();
    return user
      ? save(
          admin.updateAdminSchema,
          { ...values, userid: user.userid },
          update.mutateAsync,
          '修改成功',
        )
      : save(admin.insertAdminSchema, values, insert.mutateAsync, '新增成功');
  };
  const heading = isEdit ? '编辑用户' : '新增用户';

  return (
    <FormModal
      form={form}
      name="user-form"
      label={heading}
      title={heading}
      open={open}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ status: 'enabled' }}
    >
      <Form.Item name="username" label="用户名" rules={rules.username}>
        <Input placeholder="字母、数字和 _ . @ -" autoComplete="off" />
      </Form.Item>
      {!isEdit && (
        <Form.Item
          name="password"
          label="初始密码"
          rules={[...rules.password, passwordGuessRule(OWNER)]}
          dependencies={['username']}
          extra={<PasswordStrength owner={OWNER} />}
        >
          <Input.Password placeholder="请输入初始密码" autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item name="realName" label="姓名" rules={rules.realName}>
        <Input placeholder="请输入姓名" />
      </Form.Item>
      <Form.Item name="roleId" label="角色" rules={rules.roleId}>
        <Select placeholder="请选择角色" loading={roles.isLoading} options={roles.data} />
      </Form.Item>
      <ContactFields />
      <Form.Item name="status" label="状态" rules={rules.status}>
        <Radio.Group options={STATUS_OPTIONS} />
      </Form.Item>
      {needsSupplier && (
        <Form.Item
          name="supplierId"
          label="供应商"
          rules={rules.supplierId}
          extra="投标人账号所属供应商的编号"
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="供应商编号" />
        </Form.Item>
      )}
    </FormModal>
  );
}
