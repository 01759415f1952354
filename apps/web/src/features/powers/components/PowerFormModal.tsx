import { useEffect, useMemo } from 'react';
import { App, Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import { power as powerApi, type Power, type PowerType } from '@tender/contracts';
import { parseForm, rulesFrom, showServerFieldErrors } from '@/lib/form-errors';
import { useInsertPower } from '../api/insert-power';
import { useUpdatePower } from '../api/update-power';
import { IconPicker } from './IconPicker';
import { POWER_TYPE_OPTIONS } from './power-type';
import { SuperiorSelect } from './SuperiorSelect';

const rules = rulesFrom(powerApi.insertPowerSchema);

interface PowerFormValues {
  type?: PowerType;
  superior?: number;
  title?: string;
  code?: string | null;
  powerUrl?: string | null;
  icon?: string | null;
  sort?: number;
  hidden?: boolean;
}

/** What the form opens on: a power to edit, or the preset of a new one (e.g. "add child"). */
export type PowerFormTarget = { power: Power } | { preset: PowerFormValues };

const branchIds = (p: Power): number[] => [p.id, ...(p.children ?? []).flatMap(branchIds)];

/** Adds or edits a power; which fields show depends on its type. */
export function PowerFormModal({
  target,
  onClose,
}: {
  target?: PowerFormTarget;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PowerFormValues>();
  const insert = useInsertPower();
  const update = useUpdatePower();
  const editing = target && 'power' in target ? target.power : undefined;
  const type = Form.useWatch('type', form);
  const excludeIds = useMemo(() => new Set(editing ? branchIds(editing) : []), [editing]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('power' in target) {
      const { id: _id, children: _children, ...fields } = target.power;
      form.setFieldsValue({ ...fields, code: fields.code ?? '', powerUrl: fields.powerUrl ?? '' });
    } else {
      form.setFieldsValue(target.preset);
    }
  }, [target, form]);

  const onTypeChange = (next: PowerType) => {
    // A group always sits at the top; other types must pick a parent valid for them again.
    form.setFieldsValue({ superior: next === 'group' ? 0 : undefined });
  };

  const submit = async () => {
    const values = form.getFieldsValue();
    const { code, powerUrl, icon, hidden, ...common } = values;
    // Only the fields that mean something for the type are sent.
    const fields = {
      ...common,
      code: code || null,
      powerUrl: type !== 'button' ? powerUrl || null : undefined,
      icon: type !== 'button' ? icon || null : undefined,
      hidden: type === 'menu' ? Boolean(hidden) : undefined,
    };
    try {
      if (editing) {
        const input = parseForm(form, powerApi.updatePowerSchema, { ...fields, id: editing.id });
        if (!input) return;
        await update.mutateAsync(input);
        message.success('修改成功');
      } else {
        const input = parseForm(form, powerApi.insertPowerSchema, fields);
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
      open={target !== undefined}
      title={editing ? `编辑权限：${editing.title}` : '新增权限'}
      onCancel={onClose}
      onOk={() => form.validateFields().then(submit, () => undefined)}
      confirmLoading={insert.isPending || update.isPending}
      okText="保存"
      forceRender
    >
      <Form
        name="power-form"
        form={form}
        labelCol={{ flex: '90px' }}
        initialValues={{ type: 'menu', sort: 0, hidden: false }}
        aria-label={editing ? '编辑权限' : '新增权限'}
      >
        <Form.Item name="type" label="类型" rules={rules.type}>
          <Radio.Group
            options={POWER_TYPE_OPTIONS}
            optionType="button"
            onChange={(e) => onTypeChange(e.target.value as PowerType)}
          />
        </Form.Item>
        <Form.Item name="superior" label="上级" rules={rules.superior}>
          <SuperiorSelect type={type} excludeIds={excludeIds} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={rules.title}>
          <Input placeholder="菜单或按钮显示的名称" />
        </Form.Item>
        <Form.Item
          name="code"
          label="权限编码"
          rules={rules.code}
          extra={type === 'button' ? '界面据此显示按钮，如 user:export' : '如 menu:tender_list'}
        >
          <Input placeholder="area:action" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        {type !== 'button' && (
          <>
            <Form.Item name="powerUrl" label="路由路径" rules={rules.powerUrl}>
              <Input placeholder="/tender_list" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Form.Item name="icon" label="图标" rules={rules.icon}>
              <IconPicker />
            </Form.Item>
          </>
        )}
        <Form.Item name="sort" label="排序" rules={rules.sort} extra="数字小的排在前面">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        {type === 'menu' && (
          <Form.Item
            name="hidden"
            label="隐藏"
            valuePropName="checked"
            rules={rules.hidden}
            extra="隐藏的页面不在侧边栏显示（如详情页），但拥有它的角色可以打开"
          >
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
