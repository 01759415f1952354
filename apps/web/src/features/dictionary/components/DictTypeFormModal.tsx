import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { dictionary, type DictType } from '@tender/contracts';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
import { useInsertDictType } from '../api/insert-dict-type';
import { useUpdateDictType } from '../api/update-dict-type';

const rules = rulesFrom(dictionary.insertDictTypeSchema);

interface DictTypeFormValues {
  code?: string;
  name?: string;
  description?: string | null;
}

/** Adds a dictionary type or edits one; `type` undefined means add. */
export function DictTypeFormModal({
  open,
  type,
  onClose,
  onSaved,
}: {
  open: boolean;
  type?: DictType;
  onClose: () => void;
  onSaved?: (code: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DictTypeFormValues>();
  const insert = useInsertDictType();
  const update = useUpdateDictType();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (type) form.setFieldsValue({ ...type, description: type.description ?? '' });
  }, [open, type, form]);

  const submit = async () => {
    const values = form.getFieldsValue();
    try {
      if (type) {
        const input = parseForm(form, dictionary.updateDictTypeSchema, { ...values, id: type.id });
        if (!input) return;
        await update.mutateAsync(input);
        message.success('修改成功');
        onSaved?.(input.code ?? type.code);
      } else {
        const input = parseForm(form, dictionary.insertDictTypeSchema, values);
        if (!input) return;
        await insert.mutateAsync(input);
        message.success('新增成功');
        onSaved?.(input.code);
      }
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={type ? `编辑字典类型：${type.name}` : '新增字典类型'}
      onCancel={onClose}
      onOk={() => form.validateFields().then(submit, () => undefined)}
      confirmLoading={insert.isPending || update.isPending}
      okText="保存"
      forceRender
    >
      <Form
        name="dict-type-form"
        form={form}
        labelCol={{ flex: '90px' }}
        aria-label={type ? '编辑字典类型' : '新增字典类型'}
      >
        <Form.Item
          name="code"
          label="类型编码"
          rules={rules.code}
          extra={
            type?.builtIn
              ? '内置类型的编码被业务使用，不能修改'
              : '小写字母、数字和下划线，如 tender_category'
          }
        >
          <Input
            placeholder="tender_category"
            style={{ fontFamily: 'monospace' }}
            disabled={type?.builtIn}
          />
        </Form.Item>
        <Form.Item name="name" label="类型名称" rules={rules.name}>
          <Input placeholder="如 招标类别" />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={rules.description}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
