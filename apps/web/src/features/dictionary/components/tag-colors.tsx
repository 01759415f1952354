import { Tag } from 'antd';

/** Ant Design's preset tag colours: items pick one so every screen draws them the same way. */
export const TAG_COLORS = [
  'default',
  'blue',
  'geekblue',
  'cyan',
  'green',
  'lime',
  'gold',
  'orange',
  'volcano',
  'red',
  'magenta',
  'purple',
  'processing',
  'success',
  'warning',
  'error',
] as const;

export const TAG_COLOR_OPTIONS = TAG_COLORS.map((color) => ({
  value: color,
  label: <Tag color={color}>{color}</Tag>,
}));

/** A dictionary item as other screens show it: its label in its tag colour. */
export function DictItemTag({ label, color }: { label: string; color: string | null }) {
  return <Tag color={color ?? undefined}>{label}</Tag>;
}
