import { Tag } from 'antd';
import { bondApi } from '@tender/contracts';

const COLORS: Record<bondApi.BondStatus, string> = {
  declared: 'processing',
  verified: 'success',
  rejected: 'error',
  due: 'warning',
  refunded: 'default',
  forfeited: 'magenta',
};

export const BOND_STATUS_OPTIONS = bondApi.BOND_STATUSES.map((value) => ({
  value,
  label: bondApi.BOND_STATUS_LABELS[value],
}));

/** The bond's state; an overdue one says so in red beside it. */
export function BondStatusTag({ bond }: { bond: Pick<bondApi.Bond, 'status' | 'overdue'> }) {
  return (
    <>
      <Tag color={COLORS[bond.status]}>{bondApi.BOND_STATUS_LABELS[bond.status]}</Tag>
      {bond.overdue && <Tag color="red">已逾期</Tag>}
    </>
  );
}
