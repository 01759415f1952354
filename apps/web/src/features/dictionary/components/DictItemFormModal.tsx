import { useEffect } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { dictionary, type DictItem } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useInsertDictItem } from '../api/insert-dict-item';
import { useUpdateDictItem } from '../api/update-dict-item';
import { TAG_COLOR_OPTIONS } from './tag-colors';

const rules = rulesFrom(dictionary.insertDictItemSchema);

interface DictItemFormValues {
  label?: string;
  value?: string;
  sort?: number;
  enabled?: boolean;
  tagColor?: string | null;
}

/** Adds an item to the type `typeCode` or edits `item`. */
export function DictItemFormModal({
  open,
  typeCode,
  item,
  nextSort,
  onClose,
}: {
  open: boolean;
  typeCode: string;
  item?: DictItem;
  nextSort: number;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<DictItemFormValues>(onClose);
  const insert = useInsertDictItem();
  const update = useUpdateDictItem();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ?? { sort: nextSort, enabled: true });
  }, [open, item, nextSort, form]);

  const submit = () => {
    const values = { ...form.getFieldsValue(), tagColor: form.getFieldValue('tagColor') ?? null };
    return item
      ? save(
          dictionary.updateDictItemSchema,
          { ...values, id: item.id },
          update.mutateAsync,
          '修改成功',
        )
      : save(
          dictionary.insertDictItemSchema,
          { ...values, typeCode },
          insert.mutateAsync,
          '新增成功',
        );
  };

  return (
    <FormModal
      form={form}
      name="dict-item-form"
      label={item ? '编辑字典项' : '新增字典项'}
      title={item ? `编辑字典项：${item.label}` : '新增字典项'}
      open={open}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="label" label="标签" rules={rules.label}>
        <Input placeholder="显示给用户的文字，如 变压器" />
      </Form.Item>
      <Form.Item
        name="value"
        label="值"
        rules={rules.value}
        extra="保存到业务记录中的值，如 transformer"
      >
        <Input placeholder="transformer" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={rules.sort}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked" rules={rules.enabled}>
        <Switch />
      </Form.Item>
      <Form.Item name="tagColor" label="标签颜色" rules={rules.tagColor}>
        <Select options={TAG_COLOR_OPTIONS} allowClear placeholder="默认" />
      </Form.Item>
    </FormModal>
  );
}
