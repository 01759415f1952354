import { useEffect, useMemo } from 'react';
import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { power as powerApi, type Power, type PowerType } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useInsertPower } from '../api/insert-power';
import { useUpdatePower } from '../api/update-power';
import { IconPicker } from './IconPicker';
import { POWER_TYPE_OPTIONS } from '@/components/power-type';
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
  const { form, save } = useModalForm<PowerFormValues>(onClose);
  const insert = useInsertPower();
  const update = useUpdatePower();
  const editing = target && 'power' in target ? target.power : undefined;
  const type = Form.useWatch('type', form);
  const excludeIds = useMemo(() => new Set(editing ? branchIds(editing) : []), [editing]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('power' in target) {
      const { id: _id, children: _children, builtIn: _builtIn, ...fields } = target.power;
      form.setFieldsValue({ ...fields, code: fields.code ?? '', powerUrl: fields.powerUrl ?? '' });
    } else {
      form.setFieldsValue(target.preset);
    }
  }, [target, form]);

  const onTypeChange = (next: PowerType) => {
    // A group always sits at the top; other types must pick a parent valid for them again.
    form.setFieldsValue({ superior: next === 'group' ? 0 : undefined });
  };

  const submit = () => {
    const { code, powerUrl, icon, hidden, ...common } = form.getFieldsValue();
    // Only the fields that mean something for the type are sent.
    const fields = {
      ...common,
      code: code || null,
      powerUrl: type !== 'button' ? powerUrl || null : undefined,
      icon: type !== 'button' ? icon || null : undefined,
      hidden: type === 'menu' ? Boolean(hidden) : undefined,
    };
    return editing
      ? save(
          powerApi.updatePowerSchema,
          { ...fields, id: editing.id },
          update.mutateAsync,
          '修改成功',
        )
      : save(powerApi.insertPowerSchema, fields, insert.mutateAsync, '新增成功');
  };

  return (
    <FormModal
      form={form}
      name="power-form"
      label={editing ? '编辑权限' : '新增权限'}
      title={editing ? `编辑权限：${editing.title}` : '新增权限'}
      open={target !== undefined}
      saving={insert.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ type: 'menu', sort: 0, hidden: false }}
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
        extra={
          editing?.builtIn
            ? '内置权限的编码由系统使用，不能修改'
            : type === 'button'
              ? '界面据此显示按钮，如 user:export'
              : '如 menu:tender_list'
        }
      >
        <Input
          placeholder="area:action"
          disabled={editing?.builtIn}
          style={{ fontFamily: 'monospace' }}
        />
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
    </FormModal>
  );
}
