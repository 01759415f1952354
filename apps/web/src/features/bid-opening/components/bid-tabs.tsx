import type { ReactNode } from 'react';
import { AwardTab } from './AwardTab';
import { BidCountTab } from './BidCountTab';
import { ComparisonTab } from './ComparisonTab';
import { OpeningRecordTab } from './OpeningRecordTab';
import { OpeningTab } from './OpeningTab';
import type { TenderRef } from './tender-ref';

/**
 * The detail screen's tabs for bids, opening, record, comparison and award. Tabs render lazily
 * (antd mounts a pane when first shown), so the comparison's chart loads only on 比价.
 * `onChanged` refreshes the tender after an opening or an award (its status changes).
 */
export function bidOpeningTabs(
  tender: TenderRef,
  onChanged?: () => unknown,
): {
  key: 'bids' | 'opening' | 'opening-record' | 'comparison' | 'award';
  label: string;
  children: ReactNode;
}[] {
  return [
    { key: 'bids', label: '投标情况', children: <BidCountTab tender={tender} /> },
    {
      key: 'opening',
      label: '开标',
      children: <OpeningTab tender={tender} onOpened={onChanged} />,
    },
    { key: 'opening-record', label: '开标记录', children: <OpeningRecordTab tender={tender} /> },
    { key: 'comparison', label: '比价', children: <ComparisonTab tender={tender} /> },
    { key: 'award', label: '定标', children: <AwardTab tender={tender} onAwarded={onChanged} /> },
  ];
}
