import { Tag } from 'antd';
import type { SupplierStatus } from '@tender/contracts';
import { formatDate } from '@/lib/time';

export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  blacklisted: '已拉黑',
};
const COLORS: Record<SupplierStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  blacklisted: 'default',
};

export const SUPPLIER_STATUS_OPTIONS = (
  Object.keys(SUPPLIER_STATUS_LABELS) as SupplierStatus[]
).map((value) => ({ value, label: SUPPLIER_STATUS_LABELS[value] }));

/** When a blacklisting ends: a day, or 永久 without an end. */
export const blacklistEndText = (until: string | null | undefined) =>
  until ? `至 ${formatDate(until)}` : '永久';

/**
 * A supplier company's (effective) review state; a blacklisting shows its end, since it lifts
 * by itself when that day passes.
 */
export function SupplierStatusTag({
  status,
  blacklistUntil,
}: {
  status: string;
  blacklistUntil?: string | null;
}) {
  const known = status in COLORS ? (status as SupplierStatus) : null;
  const label = known ? SUPPLIER_STATUS_LABELS[known] : status;
  return (
    <Tag color={known ? COLORS[known] : undefined}>
      {label}
      {known === 'blacklisted' &&
        blacklistUntil !== undefined &&
        `（${blacklistEndText(blacklistUntil)}）`}
    </Tag>
  );
}
