import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { dictionary, type DictType } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
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
}: {
  open: boolean;
  type?: DictType;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<DictTypeFormValues>(onClose);
  const insert = useInsertDictType();
  const update = useUpdateDictType();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (type) form.setFieldsValue({ ...type, description: type.description ?? '' });
  }, [open, type, form]);

  const submit = () => {
    const values = form.getFieldsValue();
    return type
      ? save(
          dictionary.updateDictTypeSchema,
          { ...values, id: type.id },
          update.mutateAsync,
          '修改成功',
        )
      : save(dictionary.insertDictTypeSchema, values, insert.mutateAsync, '新增成功');
  };

  return (
    <FormModal
      form={form}
      name="dict-type-form"
      label={type ? '编辑字典类型' : '新增字典类型'}
      title={type ? `编辑字典类型：${type.name}` : '新增字典类型'}
      open={open}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
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
    </FormModal>
  );
}
