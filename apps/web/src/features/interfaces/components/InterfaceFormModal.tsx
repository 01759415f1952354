import { useEffect } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { apiInterface, type ApiInterface } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { PowerTreeSelect } from '@/components/PowerTreeSelect';
import { useInsertInterface } from '../api/insert-interface';
import { useUpdateInterface } from '../api/update-interface';
import { HTTP_METHODS, type HttpMethod } from '@/components/method-tag';

const rules = rulesFrom(apiInterface.insertInterfaceSchema);

interface InterfaceFormValues {
  name?: string;
  method?: HttpMethod;
  url?: string;
  powerId?: number | null;
  open?: boolean;
  description?: string | null;
}

/** Adds an interface or edits one; `item` undefined means add. */
export function InterfaceFormModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item?: ApiInterface;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<InterfaceFormValues>(onClose);
  const insert = useInsertInterface();
  const update = useUpdateInterface();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (item) {
      const { name, method, url, powerId, open: isOpen, description } = item;
      form.setFieldsValue({
        name,
        method,
        url,
        powerId,
        open: isOpen,
        description: description ?? '',
      });
    }
  }, [open, item, form]);

  const submit = () => {
    const values = { ...form.getFieldsValue(), powerId: form.getFieldValue('powerId') ?? null };
    return item
      ? save(
          apiInterface.updateInterfaceSchema,
          { ...values, id: item.id },
          update.mutateAsync,
          '修改成功',
        )
      : save(apiInterface.insertInterfaceSchema, values, insert.mutateAsync, '新增成功');
  };

  return (
    <FormModal
      form={form}
      name="interface-form"
      label={item ? '编辑接口' : '新增接口'}
      title={item ? `编辑接口：${item.name}` : '新增接口'}
      open={open}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ method: 'GET', open: false }}
      width={600}
    >
      <Form.Item name="name" label="接口名称" rules={rules.name}>
        <Input placeholder="如 招标分页列表" />
      </Form.Item>
      <Form.Item name="method" label="请求方法" rules={rules.method}>
        <Select options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item
        name="url"
        label="路径"
        rules={rules.url}
        extra="不含基础路径 /tendering-service，如 /api/ttender/ttender/list-ttender"
      >
        <Input
          placeholder="/api/..."
          style={{ fontFamily: 'monospace' }}
          disabled={item?.builtIn}
        />
      </Form.Item>
      <Form.Item
        name="powerId"
        label="所需权限"
        rules={rules.powerId}
        extra="未绑定权限的接口只有管理员可以调用"
      >
        <PowerTreeSelect placeholder="不绑定（仅管理员可调用）" />
      </Form.Item>
      <Form.Item
        name="open"
        label="公开"
        valuePropName="checked"
        rules={rules.open}
        extra="公开的接口任何已登录用户都能调用，不论角色"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={rules.description}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
