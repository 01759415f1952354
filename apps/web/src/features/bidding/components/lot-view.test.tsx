import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { biddableTenderOf, lotOf, myBidOf } from '../test-fixtures';
import { LotBidRows } from './LotBidRows';
import { hasLotRows, lotBidSummary, lotBidsOf } from './lot-view';

afterEach(cleanup);
beforeAll(() => {
  stubBrowserLayout(1440);
  resetServerClock(0, Date.now());
});

const lots = [
  lotOf({ lotId: 22, lotNo: 2, name: '开关柜', budget: 800_000, priceCeiling: 780_000 }),
  lotOf({ lotId: 21, lotNo: 1, name: '主变压器', budget: 1_200_000, bidBond: 20_000 }),
];
const submitted = myBidOf({ lotId: 21, bidId: 31 });
const twoLots = (patch = {}) =>
  biddableTenderOf({ lots, myBid: submitted, myBids: [submitted], ...patch });

describe('a lot as its own bid', () => {
  it('takes the lot’s budget, ceiling and bid, in lot order, naming the lot', () => {
    const [first, second] = lotBidsOf(twoLots());
    expect(first!.lotId).toBe(21);
    expect(first!.title).toBe('10kV 开关柜采购 · 标段 1：主变压器');
    expect(first!.budget).toBe(1_200_000);
    expect(first!.myBid?.bidId).toBe(31);
    expect(second!.lotId).toBe(22);
    expect(second!.priceCeiling).toBe(780_000);
    expect(second!.myBid).toBeNull();
    expect(lotBidSummary(twoLots())).toBe('已投标 1 / 2 个标段');
    expect(hasLotRows(twoLots())).toBe(true);
  });

  it('lists only the lots signed up for; a lot that failed alone is 流标 on its own', () => {
    const failed = [lots[0]!, { ...lots[1]!, status: 'failed' as const }];
    const views = lotBidsOf(twoLots({ lots: failed, signedUpLotIds: [21], status: 'opened' }));
    expect(views).toHaveLength(1);
    expect(views[0]!.status).toBe('failed');
    expect(views[0]!.endReason).toBe('有效投标不足，该标段流标');
  });

  it('leaves a one-lot tender as it was', () => {
    const [only] = lotBidsOf(biddableTenderOf({ myBid: myBidOf() }));
    expect(only!.title).toBe('10kV 开关柜采购');
    expect(only!.multiLot).toBe(false);
    expect(only!.lotId).toBe(1);
    expect(hasLotRows(biddableTenderOf())).toBe(false);
  });
});

describe('the lot rows on a desktop', () => {
  it('shows each lot with its budget and bond, its state and its own buttons', async () => {
    renderWithApp(
      <LotBidRows
        views={lotBidsOf(twoLots())}
        actions={(view) => <button type="button">操作 {view.lotId}</button>}
      />,
    );
    const rows = await screen.findAllByTestId('lot-bid-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('标段 1：主变压器');
    expect(rows[0]!.textContent).toContain('保证金 ¥20,000.00');
    expect(within(rows[0]!).getByTestId('bid-state').textContent).toBe('已投标 第 2 版');
    expect(within(rows[0]!).getByRole('button', { name: '操作 21' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('最高限价 ¥780,000.00');
    expect(within(rows[1]!).getByTestId('bid-state').textContent).toBe('未投标');
    expect(within(rows[1]!).getByRole('button', { name: '操作 22' })).toBeTruthy();
  });
});
