import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bondApi, supplierApi, tenderApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { lotBidOf, lotOf } from '../test-fixtures';
import { LotBond } from './LotBond';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

/** The company's own bond as list-my-bond answers it: the account in full. */
const bondRow = (id: number, patch: Partial<bondApi.Bond> = {}): bondApi.Bond => ({
  id,
  tenderId: 1,
  tenderNo: 'ZB-2026-0001',
  tenderTitle: '10kV 开关柜采购',
  lotId: 1,
  lotNo: 1,
  lotName: '10kV 开关柜',
  required: 20000,
  supplierId: 3,
  supplierName: '华东电气设备有限公司',
  form: 'transfer',
  amount: 20000,
  payerName: `付款单位${id}`,
  payerAccount: '6222020200112233',
  guaranteeNo: null,
  issuer: null,
  validUntil: null,
  files: [{ id: 900 + id, name: '回单.pdf', size: 1024 }],
  status: 'declared',
  reviewReason: null,
  reviewedAt: null,
  refundEvent: null,
  dueAt: null,
  overdue: false,
  refundedAt: null,
  refundReference: null,
  forfeitGround: null,
  forfeitReason: null,
  sameAccountAs: [],
  declaredAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  ...patch,
});

let myBonds: bondApi.Bond[] = [];
const view = (patch: Parameters<typeof lotBidOf>[0] = {}) =>
  lotBidOf({ lots: [lotOf({ lotId: 1, bidBond: 20000 })], ...patch });

beforeAll(() => {
  stubBrowserLayout(1440);
  setUserMenu({
    menuList: [],
    realName: '投标人',
    userid: 5,
    username: 'bidder1',
    roleId: 3,
    roleName: 'bidder',
    roles: ['bidder'],
    buttons: [],
  });
});
beforeEach(() => {
  resetServerClock(0, Date.now());
  myBonds = [];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === bondApi.listMyBond)
      return { list: myBonds, total: myBonds.length, pageNum: 1, pageSize: 100 };
    if (route === tenderApi.getTtenderById) return { id: 1, bondForms: ['transfer', 'guarantee'] };
    if (route === supplierApi.getMySupplier) return { companyName: '华东电气设备有限公司' };
    if (route === bondApi.declareBond) return bondRow(5, input as object);
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const dialog = async () =>
  (await screen.findByRole('form', { name: '申报保证金' })).closest<HTMLElement>('.ant-modal')!;
const buttonIn = (container: HTMLElement, name: RegExp) =>
  within(container).getByRole('button', { name });
const declareCalls = () => requestMock.mock.calls.filter(([r]) => r === bondApi.declareBond);

describe('a lot’s bid bond on 投标报价', () => {
  it('shows nothing for a lot that requires no bond', () => {
    renderWithApp(<LotBond view={lotBidOf()} />);
    expect(screen.queryByTestId('lot-bond')).toBeNull();
    expect(requestMock).not.toHaveBeenCalledWith(
      bondApi.listMyBond,
      expect.anything(),
      expect.anything(),
    );
  });

  it('offers only the tender’s forms, prefills the required amount and asks the guarantee’s details only for a guarantee', async () => {
    renderWithApp(<LotBond view={view()} />);
    expect(await screen.findByText('未申报')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '申报保证金' }));
    const modal = await dialog();
    await waitFor(() =>
      expect((within(modal).getByLabelText('保证金金额') as HTMLInputElement).value).toBe('20,000'),
    );
    expect((within(modal).getByLabelText('付款单位') as HTMLInputElement).value).toBe(
      '华东电气设备有限公司',
    );
    expect(within(modal).queryByLabelText('保函编号')).toBeNull();

    fireEvent.mouseDown(within(modal).getByLabelText('保证金形式'));
    expect(
      await screen.findByText('银行保函', { selector: '.ant-select-item-option-content' }),
    ).toBeTruthy();
    expect(
      screen.queryByText('保证保险', { selector: '.ant-select-item-option-content' }),
    ).toBeNull();
    fireEvent.click(screen.getByText('银行保函', { selector: '.ant-select-item-option-content' }));
    expect(await within(modal).findByLabelText('保函编号')).toBeTruthy();
    expect(within(modal).getByLabelText('出具机构')).toBeTruthy();
    // The deadline (2099-01-01 10:00 Beijing) plus 90 days of validity.
    expect(within(modal).getByText(/不得早于 2099-04-01/)).toBeTruthy();
  });

  it('names each broken rule: amount below the requirement, account, missing details and voucher', async () => {
    renderWithApp(<LotBond view={view()} />);
    fireEvent.click(await screen.findByRole('button', { name: '申报保证金' }));
    const modal = await dialog();
    await waitFor(() =>
      expect((within(modal).getByLabelText('付款单位') as HTMLInputElement).value).not.toBe(''),
    );
    fireEvent.mouseDown(within(modal).getByLabelText('保证金形式'));
    fireEvent.click(
      await screen.findByText('银行保函', { selector: '.ant-select-item-option-content' }),
    );
    await within(modal).findByLabelText('保函编号');
    fireEvent.change(within(modal).getByLabelText('保证金金额'), { target: { value: '19999' } });
    fireEvent.click(buttonIn(modal, /提交申报/));
    await within(modal).findByText('请填写付款账号', undefined, { timeout: 5000 });
    expect(within(modal).getByText('保证金金额不得低于应缴金额 ¥20,000.00')).toBeTruthy();
    expect(within(modal).getByText('请填写付款账号')).toBeTruthy();
    expect(within(modal).queryByText('请填写付款单位')).toBeNull();
    expect(within(modal).getByText('请填写保函/保单编号')).toBeTruthy();
    expect(within(modal).getByText('请填写出具机构')).toBeTruthy();
    expect(within(modal).getByText('请选择有效期')).toBeTruthy();
    expect(within(modal).getByText('请上传保证金凭证')).toBeTruthy();
    expect(declareCalls()).toHaveLength(0);
  });

  it('shows a rejection’s reason and re-declares from the last declaration, the account in full', async () => {
    myBonds = [
      bondRow(5, {
        tenderId: 1,
        lotId: 1,
        status: 'rejected',
        reviewReason: '到账金额不足',
        payerAccount: '6222020200112233',
        amount: 20000,
      }),
    ];
    renderWithApp(<LotBond view={view()} />);
    expect(await screen.findByText('驳回原因：到账金额不足')).toBeTruthy();
    expect(screen.getByText('已驳回')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新申报' }));
    const modal = await dialog();
    await waitFor(() =>
      expect((within(modal).getByLabelText('付款账号') as HTMLInputElement).value).toBe(
        '6222020200112233',
      ),
    );
    fireEvent.change(within(modal).getByLabelText('付款账号'), {
      target: { value: '6222 0202 0011 2234' },
    });
    fireEvent.click(buttonIn(modal, /重新申报/));
    await waitFor(() => expect(declareCalls()).toHaveLength(1));
    expect(declareCalls()[0]?.[1]).toEqual({
      tenderId: 1,
      lotId: 1,
      form: 'transfer',
      amount: 20000,
      payerName: '付款单位5',
      payerAccount: '6222020200112234',
      fileIds: [905],
    });
  });

  it('stops declaring at the deadline by the server’s clock', async () => {
    myBonds = [bondRow(5, { tenderId: 1, lotId: 1, status: 'verified' })];
    renderWithApp(<LotBond view={view({ bidDeadline: '2020-01-01T02:00:00.000Z' })} />);
    expect(await screen.findByText('已核验')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /申报/ })).toBeNull();
  });
});
