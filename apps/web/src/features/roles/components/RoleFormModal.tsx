import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Spin } from 'antd';
import { role as roleApi, type Role } from '@tender/contracts';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
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

  const submit = async () => {
    const values = form.getFieldsValue();
    try {
      if (role) {
        const input = parseForm(form, roleApi.updateRoleSchema, { ...values, roleId: role.roleId });
        if (!input) return;
        await update.mutateAsync(input);
        // Saving the caller's own role changes the caller's sidebar and buttons.
        if (me?.roleId === role.roleId) await refreshUserMenu();
        message.success('修改成功');
      } else {
        const input = parseForm(form, roleApi.insertRoleSchema, values);
        if (!input) return;
        await insert.mutateAsync(input);
        message.success('新增成功');
      }
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  const loadingDetail = role !== undefined && detail.isLoading;
  return (
    <Modal
      open={open}
      title={role ? `编辑角色：${role.roleName}` : '新增角色'}
      width={640}
      onCancel={onClose}
      onOk={() => form.validateFields().then(submit, () => undefined)}
      okButtonProps={{ disabled: loadingDetail || detail.isError }}
      confirmLoading={insert.isPending || update.isPending}
      okText="保存"
      forceRender
    >
      {detail.isError && <LoadError error={detail.error} onRetry={() => detail.refetch()} />}
      {role?.roleName === ADMIN_ROLE && (
        <Alert
          type="info"
          showIcon
          title="admin 角色始终可以访问全部菜单和接口，这里勾选的权限不影响它。"
          style={{ marginBottom: 16 }}
        />
      )}
      <Spin spinning={loadingDetail}>
        <Form
          name="role-form"
          form={form}
          labelCol={{ flex: '90px' }}
          initialValues={{ status: 'enabled', powerIds: [] }}
          aria-label={role ? '编辑角色' : '新增角色'}
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
        </Form>
      </Spin>
    </Modal>
  );
}
