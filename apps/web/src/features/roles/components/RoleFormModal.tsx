import { useEffect } from 'react';
import { Alert, Form, Input, Radio } from 'antd';
import { role as roleApi, type Role } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { refreshUserMenu, useUserMenu } from '@/stores/session';
import { STATUS_OPTIONS } from '@/components/status';
import { LoadError } from '@/components/LoadError';
import { useRoleDetail } from '../api/get-role-info';
import { useInsertRole } from '../api/insert-role';
import { useUpdateRole } from '../api/update-role';
import { PowerTreePicker } from './PowerTreePicker';

const rules = rulesFrom(roleApi.insertRoleSchema);
/** The one role the server lets through everywhere (PRODUCT.md). */
const ADMIN_ROLE = 'admin';

interface RoleFormValues {
  roleName?: string;
  description?: string;
  status?: 'enabled' | 'disabled';
  powerIds?: number[];
}

/** Adds a role or edits one with the powers it holds; `role` undefined means add. */
export function RoleFormModal({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role?: Role;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<RoleFormValues>(onClose);
  const me = useUserMenu();
  const detail = useRoleDetail(open ? role?.roleId : undefined);
  const insert = useInsertRole();
  const update = useUpdateRole();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (detail.data) {
      form.setFieldsValue({
        roleName: detail.data.roleName,
        description: detail.data.description ?? '',
        status: detail.data.status,
        powerIds: detail.data.powerIds,
      });
    }
  }, [open, detail.data, form]);

  // Saving the caller's own role changes the caller's sidebar and buttons.
  const updateRole = async (input: Parameters<typeof update.mutateAsync>[0]) => {
    await update.mutateAsync(input);
    if (me?.roleId === input.roleId) await refreshUserMenu();
  };

  const submit = () => {
    const values = form.getFieldsValue();
    return role
      ? save(roleApi.updateRoleSchema, { ...values, roleId: role.roleId }, updateRole, '修改成功')
      : save(roleApi.insertRoleSchema, values, insert.mutateAsync, '新增成功');
  };

  const loadingDetail = role !== undefined && detail.isLoading;
  return (
    <FormModal
      form={form}
      name="role-form"
      label={role ? '编辑角色' : '新增角色'}
      title={role ? `编辑角色：${role.roleName}` : '新增角色'}
      open={open}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ status: 'enabled', powerIds: [] }}
      width={640}
      okDisabled={loadingDetail || detail.isError}
      loading={loadingDetail}
      notice={
        <>
          {detail.isError && <LoadError error={detail.error} onRetry={() => detail.refetch()} />}
          {role?.roleName === ADMIN_ROLE && (
            <Alert
              type="info"
              showIcon
              title="admin 角色始终可以访问全部菜单和接口，这里勾选的权限不影响它。"
              style={{ marginBottom: 16 }}
            />
          )}
        </>
      }
    >
      <Form.Item
        name="roleName"
        label="角色名称"
        rules={rules.roleName}
        extra={role?.builtIn ? '内置角色不能改名' : undefined}
      >
        <Input placeholder="如 tender_auditor" disabled={role?.builtIn} />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={rules.description}>
        <Input.TextArea placeholder="这个角色的职责" autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="status" label="状态" rules={rules.status}>
        <Radio.Group options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="powerIds" label="权限" rules={rules.powerIds}>
        <PowerTreePicker />
      </Form.Item>
    </FormModal>
  );
}
