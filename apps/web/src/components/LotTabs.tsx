import type { ReactNode } from 'react';
import { Space, Tabs } from 'antd';
import { LotStatusTag } from './LotStatusTag';
import { lotLabel, type LotStatus } from '@tender/contracts';

/** What a tab needs of a lot: a lot of the tender, or a section of the opening record. */
export interface LotTabItem {
  lotId: number;
  lotNo: number;
  name: string;
  /** Left out where the caller has no status (the tag is then left out too). */
  status?: LotStatus;
}

/**
 * The lot selector of the screens that work on one lot at a time (the opening record, 比价,
 * candidates, 定标, the 中标通知书): a tab "标段 1：名称" per lot with its status, each showing
 * `children(lot)`. A tender of one lot (or none known) gets no tabs: `children` of that lot alone,
 * so a one-lot tender looks as before lots existed. Panes mount when first shown.
 */
export function LotTabs<T extends LotTabItem>({
  lots,
  children,
  activeLotId,
  onChange,
}: {
  lots: readonly T[] | undefined;
  children: (lot: T | undefined) => ReactNode;
  /** Controlled: the lot shown (else the first, then whichever the user picks). */
  activeLotId?: number;
  onChange?: (lotId: number) => void;
}) {
  const sorted = [...(lots ?? [])].sort((a, b) => a.lotNo - b.lotNo);
  if (sorted.length <= 1) return <>{children(sorted[0])}</>;
  return (
    <Tabs
      className="lot-tabs"
      activeKey={activeLotId === undefined ? undefined : String(activeLotId)}
      onChange={(key) => onChange?.(Number(key))}
      items={sorted.map((lot) => ({
        key: String(lot.lotId),
        label: (
          <Space size={6}>
            <span>{lotLabel(lot)}</span>
            {lot.status && <LotStatusTag status={lot.status} />}
          </Space>
        ),
        children: children(lot),
      }))}
    />
  );
}
