import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bidApi, type BiddableTender } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { biddableTenderOf, lotOf, myBidOf, receiptOf, submissionReceiptOf } from '../test-fixtures';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import BiddingScreen from './BiddingScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

// antd's forms and dialogs are slow under jsdom on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

let tenders: BiddableTender[] = [];
// The suite was written against the phone layout (cards, not the table): keep it there.
beforeAll(() => stubBrowserLayout(390));
beforeEach(() => {
  resetServerClock(0, Date.now());
  tenders = [biddableTenderOf()];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === bidApi.listBiddableTtender) {
      const only = (input as { tenderId?: number }).tenderId;
      const list = tenders.filter((tender) => only === undefined || tender.id === only);
      return { list, total: list.length, pageNum: 1, pageSize: 10 };
    }
    if (route === bidApi.submitBid) {
      // The server echoes what was sent (as it does): the 回执's price comes from here.
      const sent = input as Record<string, number | string | number[]>;
      return submissionReceiptOf(
        {
          totalPrice: Number(sent.totalPrice).toFixed(2),
          currency: String(sent.currency),
          deliveryDays: Number(sent.deliveryDays),
          warrantyMonths: Number(sent.warrantyMonths),
          remark: String(sent.remark ?? ''),
          fileIds: sent.fileIds as number[],
        },
        { revision: 1, tenderId: Number(sent.tenderId) },
      );
    }
    if (route === bidApi.withdrawBid) return receiptOf({ action: 'withdraw', revision: 3 });
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);
const priceInput = () => screen.getByLabelText('投标总价');
const typePrice = (value: string) => fireEvent.change(priceInput(), { target: { value } });

async function openQuotation() {
  renderWithApp(<BiddingScreen />, '/bidding');
  fireEvent.click(await screen.findByRole('button', { name: /投\s*标/ }));
  return screen.findByRole('dialog', { name: /提交报价/ });
}

describe('the quotation form', () => {
  it('refuses a price of 0 and one with three decimals, and sends nothing', async () => {
    await openQuotation();
    typePrice('0');
    expect(await screen.findByText('投标总价必须大于 0')).toBeTruthy();
    typePrice('12.345');
    expect(await screen.findByText('投标总价最多两位小数')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(screen.queryByText('确认提交报价？')).toBeNull());
    expect(callsTo(bidApi.submitBid)).toHaveLength(0);
  });

  it('shows the price in Chinese capital numerals as it is typed', async () => {
    await openQuotation();
    typePrice('1150000');
    expect((await screen.findByTestId('price-in-words')).textContent).toBe(
      '大写：壹佰壹拾伍万元整',
    );
  });

  it('asks for confirmation, submits, and shows the receipt with its digest', async () => {
    await openQuotation();
    typePrice('1150000.5');
    fireEvent.change(screen.getByLabelText('交货期（天）'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('质保期（月）'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    const confirm = await screen.findByRole('button', { name: '确认提交' }, { timeout: 5000 });
    expect(screen.getByText(/报价提交后在开标前任何人都无法查看（包括招标方/)).toBeTruthy();
    expect(callsTo(bidApi.submitBid)).toHaveLength(0);
    fireEvent.click(confirm);

    await waitFor(() => expect(callsTo(bidApi.submitBid)).toHaveLength(1), { timeout: 5000 });
    expect(
      await screen.findByText('报价已密封提交（第 1 版）', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('receipt-digest').textContent).toContain('a3f1c0de'.repeat(8));
    expect(screen.getByText('第 1 版')).toBeTruthy();
    expect(callsTo(bidApi.submitBid)[0]?.[1]).toMatchObject({
      tenderId: 1,
      totalPrice: 1150000.5,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 24,
      fileIds: [],
    });
  });
});

describe('the price ceiling and the 回执', () => {
  const ceilinged = () => biddableTenderOf({ priceCeiling: 3_500_000, budget: 3_600_000 });

  it('warns beside a price above the 最高投标限价 and repeats it in figures and 大写 before sending', async () => {
    tenders = [ceilinged()];
    await openQuotation();
    typePrice('3400000');
    expect(await screen.findByTestId('price-in-words')).toBeTruthy();
    expect(screen.queryByTestId('ceiling-warning')).toBeNull();
    typePrice('3680000');
    expect((await screen.findByTestId('ceiling-warning')).textContent).toContain(
      '高于最高投标限价 ¥3,500,000.00，开标时将被判为无效投标',
    );
    fireEvent.change(screen.getByLabelText('交货期（天）'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('质保期（月）'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    const confirm = await screen.findByTestId('quotation-confirm', {}, { timeout: 5000 });
    expect(screen.getByTestId('confirm-price').textContent).toBe('¥3,680,000.00');
    expect(screen.getByTestId('confirm-price-words').textContent).toBe('大写：叁佰陆拾捌万元整');
    expect(confirm.textContent).toContain('报价高于最高投标限价 ¥3,500,000.00');
    // Still taken: the law judges it at the opening.
    fireEvent.click(screen.getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(callsTo(bidApi.submitBid)).toHaveLength(1), { timeout: 5000 });
    // The 回执 repeats the price (the submission's own answer), to print or download.
    expect((await screen.findByTestId('receipt-price', {}, { timeout: 5000 })).textContent).toBe(
      '¥3,680,000.00',
    );
    expect(screen.getByText('叁佰陆拾捌万元整')).toBeTruthy();
    expect(screen.getByRole('button', { name: /打印回执/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载回执/ })).toBeTruthy();
  });

  it('starts a revision from this tab’s copy of the live revision, else empty', async () => {
    await openQuotation();
    typePrice('1150000');
    fireEvent.change(screen.getByLabelText('交货期（天）'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('质保期（月）'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确认提交' }, { timeout: 5000 }));
    await screen.findByText('报价已密封提交（第 1 版）', {}, { timeout: 5000 });
    cleanup();

    // The list now holds the bid (no price: sealed for its company too) with the same digest.
    tenders = [biddableTenderOf({ myBid: myBidOf({ revision: 1 }) })];
    renderWithApp(<BiddingScreen />, '/bidding');
    fireEvent.click(await screen.findByRole('button', { name: /修改报价/ }));
    expect(await screen.findByText('已填入本机保存的第 1 版报价，请核对修改后提交')).toBeTruthy();
    expect((priceInput() as HTMLInputElement).value).toBe('1,150,000');
    cleanup();

    // Another digest (revised elsewhere): nothing to start from.
    tenders = [biddableTenderOf({ myBid: myBidOf({ digest: 'b'.repeat(64) }) })];
    renderWithApp(<BiddingScreen />, '/bidding');
    fireEvent.click(await screen.findByRole('button', { name: /修改报价/ }));
    expect(await screen.findByText('请填写完整的新报价')).toBeTruthy();
    expect((priceInput() as HTMLInputElement).value).toBe('');
  });
});

describe('a link to one tender (/bidding?tenderId=N)', () => {
  it('lists that tender alone, marked, under a filter tag that clears', async () => {
    tenders = [
      biddableTenderOf({ id: 1, title: '10kV 开关柜采购' }),
      biddableTenderOf({ id: 44, title: '风机主轴承采购', myBid: myBidOf({ status: 'won' }) }),
    ];
    const { container } = renderWithApp(<BiddingScreen />, '/bidding?tenderId=44');
    expect(await screen.findByText('只看：风机主轴承采购')).toBeTruthy();
    expect(callsTo(bidApi.listBiddableTtender).at(-1)?.[1]).toMatchObject({ tenderId: 44 });
    expect(container.querySelector('.bidding-card-focused')?.textContent).toContain(
      '风机主轴承采购',
    );
    expect(screen.queryByText('10kV 开关柜采购')).toBeNull();
    fireEvent.click(screen.getByLabelText('显示全部项目'));
    expect(await screen.findByText('10kV 开关柜采购')).toBeTruthy();
    expect(screen.queryByText(/只看：/)).toBeNull();
  });
});

describe('the biddable tender list', () => {
  it('says 流标 with the reason on a failed tender, and no orange refusal on rows that are over', async () => {
    tenders = [
      biddableTenderOf({
        id: 1,
        status: 'failed',
        bidRefusal: '该招标项目已结束投标，不能投标',
        endReason: '有效投标 1 家，少于 3 家，本项目流标',
        myBid: myBidOf({ status: 'opened', totalPrice: 1_150_000 }),
      }),
      biddableTenderOf({
        id: 2,
        status: 'closed',
        bidRefusal: '投标已截止（截止时间 2026/03/01 10:00:00），不能再投标',
        myBid: myBidOf(),
      }),
    ];
    renderWithApp(<BiddingScreen />, '/bidding');
    expect(await screen.findByText('有效投标 1 家，少于 3 家，本项目流标。')).toBeTruthy();
    const states = screen.getAllByTestId('bid-state').map((tag) => tag.textContent);
    expect(states).toEqual(['流标', '已截止 · 等待开标']);
    expect(screen.queryByText(/不能投标|不能再投标/)).toBeNull();
    expect(screen.queryByText('等待定标结果。')).toBeNull();
  });

  it('asks before withdrawing a bid, then shows the withdrawal receipt', async () => {
    tenders = [biddableTenderOf({ myBid: myBidOf() })];
    renderWithApp(<BiddingScreen />, '/bidding');
    expect(await screen.findByText('已投标 第 2 版')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /撤\s*回/ }));
    expect(await screen.findByText('确认撤回投标？')).toBeTruthy();
    expect(callsTo(bidApi.withdrawBid)).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: /撤\s*回/ }).at(-1)!;
    fireEvent.click(confirm);
    expect(await screen.findByText('投标已撤回', { selector: '.ant-result-title' })).toBeTruthy();
    expect(callsTo(bidApi.withdrawBid)[0]?.[1]).toEqual({ bidId: 7, lotId: 1 });
  });

  it("explains the server's refusal and offers no quotation", async () => {
    tenders = [biddableTenderOf({ bidRefusal: '贵公司尚未通过审核，不能投标' })];
    renderWithApp(<BiddingScreen />, '/bidding');
    expect(await screen.findByText(/贵公司尚未通过审核/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /投\s*标/ }).hasAttribute('disabled')).toBe(true);
  });

  it('shows each own result: invalid with its reason, needs re-confirmation, won', async () => {
    tenders = [
      biddableTenderOf({
        id: 1,
        myBid: myBidOf({ status: 'invalid', invalidReason: '报价超过最高限价' }),
      }),
      biddableTenderOf({ id: 2, myBid: myBidOf({ needsReconfirm: true }) }),
      biddableTenderOf({ id: 3, title: '变压器采购', myBid: myBidOf({ status: 'won' }) }),
    ];
    renderWithApp(<BiddingScreen />, '/bidding');
    expect(await screen.findByText('报价超过最高限价')).toBeTruthy();
    expect(screen.getByText('需重新确认')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新确认/ })).toBeTruthy();
    expect(screen.getByText('恭喜！贵公司已中标「变压器采购」')).toBeTruthy();
  });
});

describe('a tender of several lots', () => {
  const twoLots = () => {
    const lots = [
      lotOf({ lotId: 21, lotNo: 1, name: '主变压器', budget: 1_200_000, bidBond: 20_000 }),
      lotOf({ lotId: 22, lotNo: 2, name: '开关柜', budget: 800_000, priceCeiling: 780_000 }),
    ];
    const bid = myBidOf({ lotId: 21, bidId: 31 });
    return biddableTenderOf({ lots, myBid: bid, myBids: [bid], budget: 2_000_000 });
  };

  it('lists a row per signed-up lot, each with its own state and buttons', async () => {
    tenders = [twoLots()];
    renderWithApp(<BiddingScreen />, '/bidding');
    const rows = await screen.findAllByTestId('lot-bid-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('标段 1：主变压器');
    expect(rows[0]!.textContent).toContain('保证金 ¥20,000.00');
    expect(within(rows[0]!).getByTestId('bid-state').textContent).toBe('已投标 第 2 版');
    expect(within(rows[0]!).getByRole('button', { name: /修改报价/ })).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: /撤\s*回/ })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('标段 2：开关柜');
    expect(within(rows[1]!).getByTestId('bid-state').textContent).toBe('未投标');
    expect(within(rows[1]!).queryByRole('button', { name: /撤\s*回/ })).toBeNull();
    expect(screen.getByText('已投标 1 / 2 个标段')).toBeTruthy();
  });

  it('quotes for the lot whose row was used, against that lot’s budget and ceiling', async () => {
    tenders = [twoLots()];
    renderWithApp(<BiddingScreen />, '/bidding');
    const rows = await screen.findAllByTestId('lot-bid-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /投\s*标/ }));
    const dialog = await screen.findByRole('dialog', { name: /提交报价/ });
    expect(dialog.textContent).toContain('标段 2：开关柜');
    expect(dialog.textContent).toContain('标段预算 ¥800,000.00');
    expect(dialog.textContent).toContain('最高投标限价 ¥780,000.00');
    typePrice('700000');
    fireEvent.change(screen.getByLabelText('交货期（天）'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('质保期（月）'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确认提交' }, { timeout: 5000 }));
    await waitFor(() => expect(callsTo(bidApi.submitBid)).toHaveLength(1), { timeout: 5000 });
    expect(callsTo(bidApi.submitBid)[0]?.[1]).toMatchObject({ tenderId: 1, lotId: 22 });
  });

  it('withdraws the bid of its own lot only', async () => {
    tenders = [twoLots()];
    renderWithApp(<BiddingScreen />, '/bidding');
    const rows = await screen.findAllByTestId('lot-bid-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /撤\s*回/ }));
    expect(await screen.findByText('确认撤回投标？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /撤\s*回/ }).at(-1)!);
    await waitFor(() => expect(callsTo(bidApi.withdrawBid)).toHaveLength(1));
    expect(callsTo(bidApi.withdrawBid)[0]?.[1]).toEqual({ bidId: 31, lotId: 21 });
  });

  it('says which lot failed alone and which lot was won', async () => {
    const lots = [
      lotOf({ lotId: 21, lotNo: 1, name: '主变压器', status: 'awarded' }),
      lotOf({ lotId: 22, lotNo: 2, name: '开关柜', status: 'failed' }),
    ];
    const won = myBidOf({ lotId: 21, bidId: 31, status: 'won' });
    const opened = myBidOf({ lotId: 22, bidId: 32, status: 'opened' });
    tenders = [
      biddableTenderOf({
        lots,
        status: 'awarded',
        bidDeadline: '2020-01-01T00:00:00.000Z',
        myBid: won,
        myBids: [won, opened],
      }),
    ];
    renderWithApp(<BiddingScreen />, '/bidding');
    const rows = await screen.findAllByTestId('lot-bid-row');
    expect(within(rows[0]!).getByTestId('bid-state').textContent).toBe('中标');
    expect(within(rows[1]!).getByTestId('bid-state').textContent).toBe('流标');
    expect(rows[1]!.textContent).toContain('该标段流标');
    expect(
      screen.getByText('恭喜！贵公司已中标「10kV 开关柜采购 · 标段 1：主变压器」'),
    ).toBeTruthy();
  });

  it('sums up several wins in one notice listing each lot', async () => {
    const lots = [
      lotOf({ lotId: 21, lotNo: 1, name: '主变压器', status: 'awarded' }),
      lotOf({ lotId: 22, lotNo: 2, name: '开关柜', status: 'awarded' }),
    ];
    const first = myBidOf({ lotId: 21, bidId: 31, status: 'won' });
    const second = myBidOf({ lotId: 22, bidId: 32, status: 'won' });
    tenders = [
      biddableTenderOf({
        lots,
        status: 'awarded',
        bidDeadline: '2020-01-01T00:00:00.000Z',
        myBid: first,
        myBids: [first, second],
      }),
    ];
    renderWithApp(<BiddingScreen />, '/bidding');
    expect(await screen.findByText('恭喜！贵公司已中标 2 个项目（标段）')).toBeTruthy();
    expect(screen.getByText('10kV 开关柜采购 · 标段 1：主变压器')).toBeTruthy();
    expect(screen.getByText('10kV 开关柜采购 · 标段 2：开关柜')).toBeTruthy();
  });
});
