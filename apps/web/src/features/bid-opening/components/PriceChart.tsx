import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ComparedBid } from '@/hooks/use-bid-comparison';

// ECharts is loaded when the 比价 tab first renders the chart, never with the rest of the app.
const PriceChartImpl = lazy(() => import('./PriceChartImpl'));

export function PriceChart(props: { bids: ComparedBid[]; budget: number }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
      <PriceChartImpl {...props} />
    </Suspense>
  );
}
