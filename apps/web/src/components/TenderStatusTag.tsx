import { Tag } from 'antd';
import type { TenderStatus } from '@tender/contracts';
import { TENDER_STATUS_META } from './tender-status';

export { TENDER_STATUS_META, TENDER_STATUS_OPTIONS, tenderStatusLabel } from './tender-status';

export function TenderStatusTag({ status }: { status: TenderStatus | string }) {
  const meta = TENDER_STATUS_META[status as TenderStatus] ?? { label: status, color: 'default' };
  return (
    <Tag color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}
