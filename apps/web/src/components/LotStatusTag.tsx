import { Tag } from 'antd';
import type { LotStatus } from '@tender/contracts';
import { TENDER_STATUS_META } from './TenderStatusTag';

/** A lot's status: its tender's labels (`evaluating` among them; a lot fails or is awarded alone), and `evaluated`. */
export const LOT_STATUS_META: Record<LotStatus, { label: string; color: string }> = {
  ...TENDER_STATUS_META,
  evaluated: { label: '评标完成', color: 'blue' },
};

export const lotStatusLabel = (status: string) =>
  LOT_STATUS_META[status as LotStatus]?.label ?? status;

export function LotStatusTag({ status }: { status: LotStatus | string }) {
  const meta = LOT_STATUS_META[status as LotStatus] ?? { label: status, color: 'default' };
  return (
    <Tag color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}
