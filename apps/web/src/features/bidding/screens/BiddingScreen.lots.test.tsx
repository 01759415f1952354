import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { bidApi, type BiddableTender } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { biddableTenderOf, lotOf, myBidOf } from '../test-fixtures';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import BiddingScreen from './BiddingScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

let tenders: BiddableTender[] = [];
// The desktop table: a tender of several lots carries its lot rows in its own row.
beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === bidApi.listBiddableTtender)
      return { list: tenders, total: tenders.length, pageNum: 1, pageSize: 10 };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

describe('投标报价 on a desktop', () => {
  it('lists a tender’s lots in its row, each with its buttons; a one-lot tender keeps its own', async () => {
    const bid = myBidOf({ lotId: 21, bidId: 31 });
    tenders = [
      biddableTenderOf({
        id: 1,
        lots: [
          lotOf({ lotId: 21, lotNo: 1, name: '主变压器' }),
          lotOf({ lotId: 22, lotNo: 2, name: '开关柜' }),
        ],
        myBid: bid,
        myBids: [bid],
      }),
      biddableTenderOf({ id: 2, title: '电缆采购', myBid: myBidOf({ bidId: 40, tenderId: 2 }) }),
    ];
    renderWithApp(<BiddingScreen />, '/bidding');
    expect(await screen.findAllByTestId('lot-bid-row')).toHaveLength(2);
    expect(screen.getByText('已投标 1 / 2 个标段')).toBeTruthy();
    expect(screen.getByText(/预算 ¥2,000,000.00 · 2 个标段/)).toBeTruthy();
    // Two 修改报价: lot 1's and the one-lot tender's; lot 2 offers 投标.
    expect(screen.getAllByRole('button', { name: /修改报价/ })).toHaveLength(2);
  });
});
