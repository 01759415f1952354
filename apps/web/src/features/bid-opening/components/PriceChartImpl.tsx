import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComparedBid } from '@/hooks/use-bid-comparison';
import { formatAmount } from '@/lib/amount';

echarts.use([BarChart, GridComponent, TooltipComponent, MarkLineComponent, CanvasRenderer]);

/** The bar chart of opened prices against the budget; this module is only ever loaded lazily. */
export default function PriceChartImpl({ bids, budget }: { bids: ComparedBid[]; budget: number }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    const priced = bids.filter((bid) => bid.totalPrice !== null);
    chart.setOption({
      grid: { left: 16, right: 24, top: 32, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => formatAmount(Number(value)),
      },
      xAxis: {
        type: 'category',
        data: priced.map((bid) => bid.supplierName),
        axisLabel: { interval: 0, overflow: 'truncate', width: 96 },
      },
      yAxis: {
        type: 'value',
        name: '报价',
        axisLabel: { formatter: (v: number) => formatAmount(v) },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 48,
          data: priced.map((bid) => ({
            value: bid.totalPrice,
            itemStyle: { color: !bid.valid ? '#bfbfbf' : bid.rank === 1 ? '#52c41a' : '#1677ff' },
          })),
          markLine: {
            symbol: 'none',
            lineStyle: { color: '#fa8c16', type: 'dashed' },
            // Inside the plot, above the line: at the line's end it ran past the chart's edge.
            label: { position: 'insideEndTop', formatter: `预算 ${formatAmount(budget)}` },
            data: [{ yAxis: budget }],
          },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [bids, budget]);
  return (
    <div ref={element} role="img" aria-label="报价柱状图" style={{ width: '100%', height: 320 }} />
  );
}
