import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { bidApi, type BiddableTender } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import { resetServerClock } from '@/lib/server-clock';
import { biddableTenderOf, myBidOf, receiptOf } from '../test-fixtures';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import BiddingScreen from './BiddingScreen';

vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: vi.fn(),
}));
const requestMock = vi.mocked(request);

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
    if (route === bidApi.listBiddableTtender)
      return { list: tenders, total: tenders.length, pageNum: 1, pageSize: 10 };
    if (route === bidApi.submitBid)
      return receiptOf({ revision: 1, tenderId: (input as { tenderId: number }).tenderId });
    if (route === bidApi.withdrawBid) return receiptOf({ action: 'withdraw', revision: 3 });
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

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

describe('the biddable tender list', () => {
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
    expect(callsTo(bidApi.withdrawBid)[0]?.[1]).toEqual({ bidId: 7 });
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
