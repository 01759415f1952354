import type { ReactNode } from 'react';
import { Space, Tabs, Tag } from 'antd';
import { lotLabel, type LotStatus } from '@tender/contracts';

/** A lot's status as its tab shows it (a lot fails or is awarded alone). */
export const LOT_STATUS_META: Record<LotStatus, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  published: { label: '招标中', color: 'processing' },
  closed: { label: '已截止', color: 'warning' },
  opening: { label: '开标中', color: 'purple' },
  opened: { label: '已开标', color: 'cyan' },
  evaluating: { label: '评标中', color: 'processing' },
  evaluated: { label: '已评标', color: 'blue' },
  awarded: { label: '已定标', color: 'success' },
  cancelled: { label: '已终止', color: 'default' },
  failed: { label: '流标', color: 'error' },
};

export function LotStatusTag({ status }: { status: LotStatus }) {
  const meta = LOT_STATUS_META[status];
  return (
    <Tag color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}

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
