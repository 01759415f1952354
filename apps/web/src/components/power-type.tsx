import { Tag } from 'antd';
import type { PowerType } from '@tender/contracts';

export const POWER_TYPE_LABELS: Record<PowerType, string> = {
  group: '目录',
  menu: '菜单',
  button: '按钮',
};
const POWER_TYPE_COLORS: Record<PowerType, string> = {
  group: 'purple',
  menu: 'blue',
  button: 'orange',
};

export const POWER_TYPE_OPTIONS = (Object.keys(POWER_TYPE_LABELS) as PowerType[]).map((value) => ({
  value,
  label: POWER_TYPE_LABELS[value],
}));

/** group = a sidebar group, menu = a screen (hidden ones too), button = an action in a screen. */
export function PowerTypeTag({ type }: { type: PowerType }) {
  return (
    <Tag color={POWER_TYPE_COLORS[type]} style={{ marginInlineEnd: 4 }}>
      {POWER_TYPE_LABELS[type]}
    </Tag>
  );
}
