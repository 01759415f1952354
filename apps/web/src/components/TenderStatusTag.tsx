import { Tag } from 'antd';
import type { TenderStatus } from '@tender/contracts';

/** The effective status's label and colour (the server derives `closed` from the clock). */
export const TENDER_STATUS_META: Record<TenderStatus, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  published: { label: '招标中', color: 'processing' },
  closed: { label: '已截止', color: 'warning' },
  opening: { label: '开标中', color: 'purple' },
  opened: { label: '已开标', color: 'cyan' },
  // Derived by the server from `opened` while a committee evaluates a lot (EVALUATION.md §2).
  evaluating: { label: '评标中', color: 'geekblue' },
  awarded: { label: '已定标', color: 'success' },
  cancelled: { label: '已终止', color: 'default' },
  failed: { label: '流标', color: 'error' },
};

export const TENDER_STATUS_OPTIONS = (Object.keys(TENDER_STATUS_META) as TenderStatus[]).map(
  (value) => ({ value, label: TENDER_STATUS_META[value].label }),
);

export const tenderStatusLabel = (status: string) =>
  TENDER_STATUS_META[status as TenderStatus]?.label ?? status;

export function TenderStatusTag({ status }: { status: TenderStatus | string }) {
  const meta = TENDER_STATUS_META[status as TenderStatus] ?? { label: status, color: 'default' };
  return (
    <Tag color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}
