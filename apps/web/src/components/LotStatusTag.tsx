import { Tag } from 'antd';
import type { LotStatus } from '@tender/contracts';
import { TENDER_STATUS_META } from './TenderStatusTag';

/** A lot's status: its tender's labels (a lot fails or is awarded alone), and the evaluation's two. */
export const LOT_STATUS_META: Record<LotStatus, { label: string; color: string }> = {
  ...TENDER_STATUS_META,
  evaluating: { label: '评标中', color: 'geekblue' },
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
