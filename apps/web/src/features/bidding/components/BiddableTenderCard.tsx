import type { ReactNode } from 'react';
import { Card, Descriptions, Typography } from 'antd';
import type { BiddableTender } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { SealModeTag } from '@/components/SealModeTag';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { BidRefusal } from './BidRefusal';
import { BidStateTag } from './BidStateTag';
import { DecryptCountdown } from './DecryptCountdown';
import { hasLotRows, leadBidOf, lotBidSummary } from './lot-view';

/**
 * One biddable tender on a phone: what the table shows, stacked, with full-width actions; a
 * tender of several lots gets its lot rows (`actions`: each lot's state and buttons) instead.
 */
export function BiddableTenderCard({
  tender,
  actions,
  focused = false,
}: {
  tender: BiddableTender;
  actions: ReactNode;
  /** The tender a link asked for (/bidding?tenderId=N): marked. */
  focused?: boolean;
}) {
  const lots = hasLotRows(tender);
  return (
    <Card
      size="small"
      className={focused ? 'biddable-tender-card bidding-card-focused' : 'biddable-tender-card'}
      style={{ marginBottom: 12 }}
      title={
        <Typography.Text strong ellipsis={{ tooltip: tender.title }}>
          {tender.title}
        </Typography.Text>
      }
      extra={
        <>
          <SealModeTag mode={tender.sealMode} />
          <TenderStatusTag status={tender.status} />
        </>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'no', label: '编号', children: tender.tenderNo },
          {
            key: 'budget',
            label: '预算',
            children: `${formatMoney(tender.budget, tender.currency)}${lots ? `（${tender.lots.length} 个标段）` : ''}`,
          },
          {
            key: 'deadline',
            label: '截止',
            children: (
              <span>
                {formatDateTime(tender.bidDeadline)} <Countdown deadline={tender.bidDeadline} />
              </span>
            ),
          },
          {
            key: 'opening',
            label: '开标',
            children: (
              <span>
                {formatDateTime(tender.openingAt)} <DecryptCountdown tender={leadBidOf(tender)} />
              </span>
            ),
          },
          {
            key: 'bid',
            label: '我的投标',
            children: (
              <div>
                {lots ? lotBidSummary(tender) : <BidStateTag tender={leadBidOf(tender)} />}
                <BidRefusal tender={tender} />
              </div>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 8 }}>{actions}</div>
    </Card>
  );
}
