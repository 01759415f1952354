import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import type { BiddableTender } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { SealModeTag } from '@/components/SealModeTag';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { BidRefusal } from './BidRefusal';
import { BidStateTag } from './BidStateTag';
import { DecryptCountdown } from './DecryptCountdown';
import { hasLotRows, leadBidOf, lotBidSummary, type LotBid } from './lot-view';

/**
 * The desktop table's columns; `actions` renders a bid's buttons. A tender of several lots
 * sums its bids up here (its lot rows, under it, carry each lot's state and buttons).
 */
export function biddableColumns(
  actions: (view: LotBid) => React.ReactNode,
  lotRows: (tender: BiddableTender) => React.ReactNode,
): TableColumnsType<BiddableTender> {
  return [
    {
      title: '招标项目',
      key: 'tender',
      width: 300,
      render: (_, tender) => (
        <>
          <Typography.Text strong>{tender.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {tender.tenderNo} · 预算 {formatMoney(tender.budget, tender.currency)}
            {hasLotRows(tender) && ` · ${tender.lots.length} 个标段`}
          </Typography.Text>
          <SealModeTag mode={tender.sealMode} />
        </>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, tender) => <TenderStatusTag status={tender.status} />,
    },
    {
      title: '投标截止',
      key: 'deadline',
      render: (_, tender) => (
        <>
          <div style={{ whiteSpace: 'nowrap' }}>{formatDateTime(tender.bidDeadline)}</div>
          <Countdown deadline={tender.bidDeadline} />
        </>
      ),
    },
    {
      title: '开标时间',
      key: 'openingAt',
      render: (_, tender) => (
        <>
          <div style={{ whiteSpace: 'nowrap' }}>{formatDateTime(tender.openingAt)}</div>
          <DecryptCountdown tender={leadBidOf(tender)} />
        </>
      ),
    },
    {
      title: '我的投标',
      key: 'myBid',
      width: 160,
      // A tender of several lots: its lot rows span 我的投标 and 操作.
      onCell: (tender) => (hasLotRows(tender) ? { colSpan: 2 } : {}),
      render: (_, tender) =>
        hasLotRows(tender) ? (
          <>
            <Typography.Text strong>{lotBidSummary(tender)}</Typography.Text>
            <BidRefusal tender={tender} />
            {lotRows(tender)}
          </>
        ) : (
          <>
            <BidStateTag tender={leadBidOf(tender)} />
            <BidRefusal tender={tender} />
          </>
        ),
    },
    // A width, so that at 1440 px the buttons wrap inside the table instead of leaving it.
    {
      title: '操作',
      key: 'actions',
      width: 200,
      onCell: (tender) => (hasLotRows(tender) ? { colSpan: 0 } : {}),
      render: (_, tender) => (hasLotRows(tender) ? null : actions(leadBidOf(tender))),
    },
  ];
}
