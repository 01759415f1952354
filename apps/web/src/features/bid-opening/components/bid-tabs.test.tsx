import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bidApi, type Lot, type OpeningRecord, type UserMenu } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { ApiError } from '@/lib/request';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import type { BidComparison, ComparedBid } from '@/hooks/use-bid-comparison';
import { ComparisonTab } from './ComparisonTab';
import { OpeningTab } from './OpeningTab';
import { OpeningRecordTab } from './OpeningRecordTab';
import { BidCountTab } from './BidCountTab';
import { AwardTab } from './AwardTab';
import type { TenderRef } from './tender-ref';
import { mockRequest, requestOverFetch } from '@/test/request-stub';
import { setUserMenu } from '@/stores/session';

// The chart draws on a canvas jsdom does not have; its data path is the table's.
vi.mock('./PriceChart', () => ({ PriceChart: () => <div data-testid="price-chart" /> }));
const requestMock = mockRequest();
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
  lotId: 1,
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
  lotId: 1,
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
  awardBlockedReason: null,
  awardableFrom: null,
};
let shownComparison = comparison;
let shownRecord: OpeningRecord;
const record: OpeningRecord = {
  tenderId: 5,
  tenderNo: 'ZB-2026-0005',
  title: '主变压器采购',
  openedAt: new Date().toISOString(),
  openedByName: '招标管理员',
  lots: [{ lotId: 1, lotNo: 1, name: '主变压器采购', minBids: 2, validCount: 2, failed: false }],
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
  setUserMenu(managerMenu(['tender:open', 'tender:award']));
  shownComparison = comparison;
  shownRecord = record;
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === bidApi.listBidsByTender) return shownComparison;
    if (route === bidApi.getBidCount) return { count: 3 };
    if (route === bidApi.openBids) return record;
    if (route === bidApi.getOpeningRecord) return shownRecord;
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

describe('定标 while the award would be refused', () => {
  const opened = tenderOf({ ...past, status: 'opened' });
  const awardButton = () => screen.findByRole('button', { name: /定\s*标/ });

  it('is disabled with the reason while an objection is unanswered', async () => {
    shownComparison = {
      ...comparison,
      awardBlockedReason: '该招标有 1 条异议尚未答复，答复全部异议后才能定标',
    };
    renderWithApp(<AwardTab tender={opened} />);
    expect(await screen.findByText(/有 1 条异议尚未答复/)).toBeTruthy();
    expect((await awardButton()).hasAttribute('disabled')).toBe(true);
  });

  it('counts down to the publicity end, and is enabled once it has passed', async () => {
    const reason = '依法必须招标的项目须待中标候选人公示期结束（2026-12-23 13:00）后才能定标';
    shownComparison = {
      ...comparison,
      awardBlockedReason: reason,
      awardableFrom: new Date(Date.now() + 2 * HOUR).toISOString(),
    };
    renderWithApp(<AwardTab tender={opened} />);
    expect(await screen.findByText(/公示期结束（2026-12-23 13:00）/)).toBeTruthy();
    expect(screen.getByText(/距公示期结束/)).toBeTruthy();
    expect((await awardButton()).hasAttribute('disabled')).toBe(true);
    cleanup();

    shownComparison = {
      ...shownComparison,
      awardableFrom: new Date(Date.now() - 1000).toISOString(),
    };
    renderWithApp(<AwardTab tender={opened} />);
    await waitFor(async () => expect((await awardButton()).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(/公示期结束（2026-12-23 13:00）/)).toBeNull();
  });
});

describe('the opening record tab', () => {
  const objected: OpeningRecord = {
    ...record,
    confirmations: [
      {
        supplierId: 2,
        supplierName: '国能电气股份公司',
        agree: false,
        objection: '我司报价的大写有误',
        confirmedAt: new Date().toISOString(),
        answer: null,
        answeredAt: null,
      },
    ],
  };

  it('offers the manager 答复 on an unanswered objection', async () => {
    shownRecord = objected;
    renderWithApp(<OpeningRecordTab tender={tenderOf({ ...past, status: 'opened' })} />);
    expect(await screen.findByText('有异议待答复')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /答\s*复/ }));
    expect(await screen.findByText('答复 国能电气股份公司 的异议')).toBeTruthy();
  });

  it('shows no 答复 to someone who may not open bids', async () => {
    setUserMenu(managerMenu(['tender:award']));
    shownRecord = objected;
    renderWithApp(<OpeningRecordTab tender={tenderOf({ ...past, status: 'opened' })} />);
    expect(await screen.findByText('有异议待答复')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /答\s*复/ })).toBeNull();
  });
});

describe('a tender of several lots', () => {
  const lotOf = (lotId: number, lotNo: number, name: string, status: Lot['status']): Lot => ({
    lotId,
    lotNo,
    name,
    budget: 500_000,
    priceCeiling: null,
    minBids: 2,
    bidBond: 0,
    quantity: null,
    description: '',
    status,
  });
  const lots = [lotOf(1, 1, '主变压器', 'opened'), lotOf(2, 2, '开关柜', 'failed')];
  const twoLots = tenderOf({ ...past, status: 'opened', lots });
  const twoLotRecord: OpeningRecord = {
    ...record,
    lots: [
      { lotId: 1, lotNo: 1, name: '主变压器', minBids: 2, validCount: 2, failed: false },
      { lotId: 2, lotNo: 2, name: '开关柜', minBids: 2, validCount: 1, failed: true },
    ],
    entries: [
      ...record.entries,
      { ...record.entries[0]!, bidId: 9, lotId: 2, supplierName: '远景能源' },
    ],
  };

  it('shows the record header once and a tab per lot, the failed lot saying 该标段流标', async () => {
    shownRecord = twoLotRecord;
    renderWithApp(<OpeningRecordTab tender={twoLots} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['标段 1：主变压器', '标段 2：开关柜流标']);
    expect(screen.getAllByText('开标时间')).toHaveLength(1);
    const lot1 = screen.getByRole('tabpanel');
    expect(within(lot1).getAllByText('华电设备有限公司').length).toBeGreaterThan(0);
    expect(within(lot1).queryByText('远景能源')).toBeNull();
    expect(screen.queryByText('该标段流标')).toBeNull();
    fireEvent.click(screen.getByText('标段 2：开关柜'));
    expect(await screen.findByText('该标段流标')).toBeTruthy();
    const lot2 = screen.getByRole('tabpanel');
    expect(within(lot2).getAllByText('远景能源').length).toBeGreaterThan(0);
    expect(within(lot2).queryByText('华电设备有限公司')).toBeNull();
    expect(screen.getAllByTestId('lot-bid-count').at(-1)!.textContent).toContain(
      '1 份 / 1 份（最少 2 份）',
    );
    // On paper every lot follows the other, no tabs, until the print is done.
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: /打印开标记录/ }));
    expect(print).toHaveBeenCalled();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('标段 1：主变压器', { selector: 'h5' })).toBeTruthy();
    expect(screen.getByText('标段 2：开关柜（流标）', { selector: 'h5' })).toBeTruthy();
    act(() => window.dispatchEvent(new Event('afterprint')));
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    print.mockRestore();
  });

  it('awards lot by lot with its lotId; the failed lot offers no award', async () => {
    renderWithApp(<AwardTab tender={twoLots} />);
    fireEvent.click(await screen.findByRole('button', { name: /定\s*标/ }));
    expect(await screen.findByText('定标 · 标段 1：主变压器')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('定标理由'), { target: { value: '最低价' } });
    fireEvent.click(screen.getByRole('button', { name: /确认定标/ }));
    await waitFor(() => expect(callsTo(bidApi.awardTtender)).toHaveLength(1));
    expect(callsTo(bidApi.awardTtender)[0]?.[1]).toEqual({
      id: 5,
      lotId: 1,
      bidId: 1,
      reason: '最低价',
    });
    expect(callsTo(bidApi.listBidsByTender)[0]?.[1]).toEqual({ tenderId: 5, lotId: 1 });
    cleanup();

    renderWithApp(<AwardTab tender={twoLots} />);
    fireEvent.click(await screen.findByText('标段 2：开关柜'));
    const failedPane = await screen.findByText('该标段流标');
    expect(failedPane).toBeTruthy();
    const active = screen.getByRole('tabpanel');
    expect(within(active).queryByRole('button', { name: /定\s*标/ })).toBeNull();
  });

  it('says 兼投不兼中 in the award dialog when the server refuses the winner', async () => {
    requestMock.mockImplementation(async (route) => {
      if (route === publicRoutes.systemInfo)
        return { title: 't', serverTime: new Date().toISOString() };
      if (route === bidApi.listBidsByTender) return shownComparison;
      if (route === bidApi.awardTtender)
        throw new ApiError(
          409,
          '华电设备有限公司已中标 1 个标段，达到每个投标人最多中标标段数 1（兼投不兼中）',
        );
      throw new Error(`unexpected call ${route.path}`);
    });
    renderWithApp(<AwardTab tender={twoLots} />);
    fireEvent.click(await screen.findByRole('button', { name: /定\s*标/ }));
    fireEvent.change(await screen.findByLabelText('定标理由'), { target: { value: '最低价' } });
    fireEvent.click(screen.getByRole('button', { name: /确认定标/ }));
    const conflict = await screen.findByTestId('award-conflict');
    expect(conflict.textContent).toContain(
      '兼投不兼中：该投标人已达最多中标标段数，请选择其他投标人',
    );
    expect(conflict.textContent).toContain('达到每个投标人最多中标标段数 1');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  /** Awards through the real wrapper over a refusal envelope: what would also raise a message. */
  async function awardRefused(code: number, text: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code, errorMsg: text, data: null }, { status: code })),
    );
    requestMock.mockImplementation(async (route, input, options) => {
      if (route === publicRoutes.systemInfo)
        return { title: 't', serverTime: new Date().toISOString() };
      if (route === bidApi.listBidsByTender) return shownComparison;
      if (route === bidApi.awardTtender) return requestOverFetch(route, input as never, options);
      throw new Error(`unexpected call ${route.path}`);
    });
    renderWithApp(<AwardTab tender={twoLots} />);
    fireEvent.click(await screen.findByRole('button', { name: /定\s*标/ }));
    fireEvent.change(await screen.findByLabelText('定标理由'), { target: { value: '最低价' } });
    fireEvent.click(screen.getByRole('button', { name: /确认定标/ }));
  }

  it('says a refused award (409) once: in the dialog, not again as a message', async () => {
    const text = '华电设备有限公司已中标 1 个标段，达到每个投标人最多中标标段数 1（兼投不兼中）';
    try {
      await awardRefused(409, text);
      expect((await screen.findByTestId('award-conflict')).textContent).toContain(text);
      // A message would be drawn by now (the host is mounted); give it a moment all the same.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getAllByText(text)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says any other refusal once, as a message, the dialog staying open', async () => {
    try {
      await awardRefused(500, '服务器内部错误');
      expect(
        await screen.findByText('服务器内部错误', { selector: '.ant-message *' }),
      ).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getAllByText('服务器内部错误')).toHaveLength(1);
      expect(screen.queryByTestId('award-conflict')).toBeNull();
      expect(screen.getByRole('dialog')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
