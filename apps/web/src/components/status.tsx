import { Tag } from 'antd';
import type { Status } from '@tender/contracts';

export const STATUS_LABELS: Record<Status, string> = { enabled: '启用', disabled: '停用' };

export const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as Status[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/** An account's or a role's enabled / disabled state. */
export function StatusTag({ status }: { status: Status }) {
  return <Tag color={status === 'enabled' ? 'success' : 'default'}>{STATUS_LABELS[status]}</Tag>;
}
