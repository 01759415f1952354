import { Select, Space } from 'antd';
import { MENU_ICON_NAMES, MenuIcon } from '@/lib/menu-icons';

const ICON_OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={8}>
      <MenuIcon name={name} />
      <span>{name.replace(/Outlined$/, '')}</span>
    </Space>
  ),
}));

/** Chooses a sidebar icon from the curated set the sidebar can draw. */
export function IconPicker({
  id,
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (name: string | null) => void;
  /** Set by Form.Item so that its label points at this control. */
  id?: string;
}) {
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(name?: string) => onChange?.(name ?? null)}
      options={ICON_OPTIONS}
      placeholder="选择图标"
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      listHeight={288}
    />
  );
}
