import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { dictionary, type DictItem } from '@tender/contracts';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<DictItemFormValues>();
  const insert = useInsertDictItem();
  const update = useUpdateDictItem();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ?? { sort: nextSort, enabled: true });
  }, [open, item, nextSort, form]);

  const submit = async () => {
    const values = { ...form.getFieldsValue(), tagColor: form.getFieldValue('tagColor') ?? null };
    try {
      if (item) {
        const input = parseForm(form, dictionary.updateDictItemSchema, { ...values, id: item.id });
        if (!input) return;
        await update.mutateAsync(input);
        message.success('修改成功');
      } else {
        const input = parseForm(form, dictionary.insertDictItemSchema, { ...values, typeCode });
        if (!input) return;
        await insert.mutateAsync(input);
        message.success('新增成功');
      }
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={item ? `编辑字典项：${item.label}` : '新增字典项'}
      onCancel={onClose}
      onOk={() => form.validateFields().then(submit, () => undefined)}
      confirmLoading={insert.isPending || update.isPending}
      okText="保存"
      forceRender
    >
      <Form
        name="dict-item-form"
        form={form}
        labelCol={{ flex: '90px' }}
        aria-label={item ? '编辑字典项' : '新增字典项'}
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
      </Form>
    </Modal>
  );
}
