import { Tag } from 'antd';

const SUPPLIER_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'processing' },
  approved: { label: '已通过', color: 'success' },
  rejected: { label: '已驳回', color: 'error' },
  blacklisted: { label: '黑名单', color: 'default' },
};

/** A supplier company's review state. */
export function SupplierStatusTag({ status }: { status: string }) {
  const known = SUPPLIER_STATUS[status];
  return <Tag color={known?.color}>{known?.label ?? status}</Tag>;
}
