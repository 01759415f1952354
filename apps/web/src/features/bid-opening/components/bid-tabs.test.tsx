import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { bidApi, type OpeningRecord, type UserMenu } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import type { BidComparison, ComparedBid } from '../api/list-bids-by-tender';
import { ComparisonTab } from './ComparisonTab';
import { OpeningTab } from './OpeningTab';
import { BidCountTab } from './BidCountTab';
import { AwardTab } from './AwardTab';
import type { TenderRef } from './tender-ref';

vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: vi.fn(),
}));
// The chart draws on a canvas jsdom does not have; its data path is the table's.
vi.mock('./PriceChart', () => ({ PriceChart: () => <div data-testid="price-chart" /> }));
const session = vi.hoisted(() => ({ menu: null as UserMenu | null }));
vi.mock('@/stores/session', () => ({ useUserMenu: () => session.menu }));
const requestMock = vi.mocked(request);
vi.setConfig({ testTimeout: 30_000 });

const HOUR = 3_600_000;
const tenderOf = (patch: Partial<TenderRef> = {}): TenderRef => ({
  id: 5,
  tenderNo: 'ZB-2026-0005',
  title: '主变压器采购',
  budget: 1_000_000,
  currency: 'CNY',
  bidDeadline: new Date(Date.now() + 2 * HOUR).toISOString(),
  openingAt: new Date(Date.now() + 3 * HOUR).toISOString(),
  status: 'published',
  sealMode: 'server',
  decryptUntil: null,
  ...patch,
});
const past = {
  bidDeadline: new Date(Date.now() - 2 * HOUR).toISOString(),
  openingAt: new Date(Date.now() - HOUR).toISOString(),
};

const entry = (
  bidId: number,
  supplierName: string,
  totalPrice: number,
  rank: number,
): ComparedBid => ({
  bidId,
  supplierId: bidId,
  supplierName,
  decryptedAt: null,
  totalPrice,
  totalPriceInWords: null,
  currency: 'CNY',
  deliveryDays: 30,
  warrantyMonths: 24,
  submittedAt: '2026-03-01T02:00:00.000Z',
  revision: 1,
  digest: 'ab'.repeat(32),
  nonce: 'cd'.repeat(32),
  valid: true,
  invalidReason: null,
  status: 'opened',
  ip: '10.0.0.8',
  userAgent: 'Chrome',
  files: [],
  deviationFromBudget: (totalPrice / 1_000_000 - 1) * 100,
  deviationFromLowest: 0,
  rank,
});
const comparison: BidComparison = {
  bids: [entry(1, '华电设备有限公司', 950_000, 1), entry(2, '国能电气股份公司', 950_000, 2)],
  warnings: [
    {
      kind: 'same-ip',
      message: '华电设备有限公司与国能电气股份公司从同一 IP 地址 10.0.0.8 投标',
      bidIds: [1, 2],
    },
    {
      kind: 'same-price',
      message: '华电设备有限公司与国能电气股份公司报价相同（950,000.00）',
      bidIds: [1, 2],
    },
  ],
  budget: 1_000_000,
  award: null,
};
const record: OpeningRecord = {
  tenderId: 5,
  tenderNo: 'ZB-2026-0005',
  title: '主变压器采购',
  openedAt: new Date().toISOString(),
  openedByName: '招标管理员',
  entries: comparison.bids.map((bid) => ({ ...bid, totalPriceInWords: '玖拾伍万元整' })),
  validCount: 2,
  minBids: 2,
  sealMode: 'server',
  decryption: null,
  confirmUntil: new Date(Date.now() + 1_800_000).toISOString(),
  confirmations: [],
  failed: false,
};

const managerMenu = (buttons: string[]): UserMenu => ({
  menuList: [],
  realName: '经理',
  userid: 2,
  username: 'manager',
  roleId: 2,
  roleName: 'manager',
  roles: ['manager'],
  buttons,
});

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  resetServerClock(0, Date.now());
  session.menu = managerMenu(['tender:open', 'tender:award']);
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === bidApi.listBidsByTender) return comparison;
    if (route === bidApi.getBidCount) return { count: 3 };
    if (route === bidApi.openBids) return record;
    if (route === bidApi.getOpeningRecord) return record;
    if (route === bidApi.awardTtender) return { announcementId: 9, bidId: 1 };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);
const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);

describe('the opening tab', () => {
  it('counts down to the opening on the server clock and cannot open before it', async () => {
    renderWithApp(<OpeningTab tender={tenderOf()} />);
    const countdown = await screen.findByTestId('opening-countdown');
    expect(countdown.textContent).toMatch(/距开标 0?2时5\d分\d\d秒|距开标 02时59分\d\d秒/);
    expect(screen.getByRole('button', { name: /开\s*标/ }).hasAttribute('disabled')).toBe(true);
    expect(callsTo(bidApi.openBids)).toHaveLength(0);
  });

  it('opens once the time has come and shows the record with 大写, digest and nonce', async () => {
    renderWithApp(<OpeningTab tender={tenderOf({ ...past, status: 'closed' })} />);
    fireEvent.click(await screen.findByRole('button', { name: /开\s*标/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^开\s*标$/, hidden: false }));
    await waitFor(() => expect(callsTo(bidApi.openBids)).toHaveLength(1));
    expect(callsTo(bidApi.openBids)[0]?.[1]).toEqual({ id: 5 });
    expect(await screen.findByText(/开标记录 · ZB-2026-0005/)).toBeTruthy();
    expect(screen.getAllByText('大写：玖拾伍万元整')).toHaveLength(2);
    expect(screen.getAllByText('cd'.repeat(32)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /打印开标记录/ })).toBeTruthy();
  });
});

describe('the bids tab', () => {
  it('shows nothing about the bids before the deadline, the count after it', async () => {
    renderWithApp(<BidCountTab tender={tenderOf()} />);
    expect(await screen.findByText('投标截止前不公开投标情况')).toBeTruthy();
    expect(callsTo(bidApi.getBidCount)).toHaveLength(0);
    cleanup();
    renderWithApp(<BidCountTab tender={tenderOf({ ...past, status: 'closed' })} />);
    await waitFor(() => expect(callsTo(bidApi.getBidCount)).toHaveLength(1));
  });
});

describe('the comparison tab', () => {
  it('renders each collusion warning as an alert and the bids with their deviations', async () => {
    renderWithApp(<ComparisonTab tender={tenderOf({ ...past, status: 'opened' })} />);
    expect(await screen.findByText('围标串标预警：相同 IP 地址')).toBeTruthy();
    expect(screen.getByText('围标串标预警：报价相同')).toBeTruthy();
    expect(screen.getByText(/从同一 IP 地址 10.0.0.8 投标/)).toBeTruthy();
    expect(screen.getAllByText('−5.00%')).toHaveLength(2);
    expect(screen.getAllByText('预警')).toHaveLength(2);
    expect(screen.getByTestId('price-chart')).toBeTruthy();
  });

  it('asks for nothing before the opening', async () => {
    renderWithApp(<ComparisonTab tender={tenderOf()} />);
    expect(await screen.findByText('开标后可比较各投标的报价')).toBeTruthy();
    expect(callsTo(bidApi.listBidsByTender)).toHaveLength(0);
  });
});

describe('the award tab', () => {
  it('requires a reason and sends the chosen bid', async () => {
    renderWithApp(<AwardTab tender={tenderOf({ ...past, status: 'opened' })} />);
    fireEvent.click(await screen.findByRole('button', { name: /定\s*标/ }));
    const ok = await screen.findByRole('button', { name: /确认定标/ });
    fireEvent.click(ok);
    expect(await screen.findByText(/请输入定标理由|定标理由不能为空/)).toBeTruthy();
    expect(callsTo(bidApi.awardTtender)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('定标理由'), { target: { value: '综合得分第一' } });
    fireEvent.click(ok);
    await waitFor(() => expect(callsTo(bidApi.awardTtender)).toHaveLength(1));
    expect(callsTo(bidApi.awardTtender)[0]?.[1]).toEqual({
      id: 5,
      bidId: 1,
      reason: '综合得分第一',
    });
  });
});
