import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { supplierApi, type Supplier } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import SupplyScreen from './SupplyScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const company = (id: number, patch: Partial<Supplier>): Supplier => ({
  id,
  companyName: `供应商${id}`,
  creditCode: '91110000100010433L',
  legalRepresentative: '王强',
  contactName: '李敏',
  phone: '13812345678',
  email: 'a@b.cn',
  address: null,
  registeredCapital: null,
  businessScope: null,
  categories: ['transformer'],
  status: 'pending',
  reviewReason: null,
  reviewedAt: null,
  reviewerName: null,
  blacklistUntil: null,
  createdAt: '2026-03-01T02:00:00Z',
  qualificationFiles: [],
  ...patch,
});
const rows = [
  company(1, { companyName: '华东电气设备有限公司' }),
  company(2, {
    companyName: '北方电缆股份有限公司',
    status: 'blacklisted',
    blacklistUntil: '2026-12-31T15:59:59Z',
  }),
];

function signIn(buttons: string[]) {
  setUserMenu({
    menuList: [],
    realName: '经理',
    userid: 2,
    username: 'manager',
    roleId: 2,
    roleName: 'tender_manager',
    roles: ['tender_manager'],
    buttons,
  });
}

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.listDictItemsPublic)
      return [{ label: '电力变压器', value: 'transformer', tagColor: null }];
    if (route === supplierApi.listSupplier) return { list: rows, total: 2, ...(input as object) };
    if (route === supplierApi.auditSupplier) return { ...rows[0]!, status: 'rejected' };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

// Text queries: role queries over a whole antd table are too slow on a shared CPU.
const buttonIn = (container: HTMLElement, text: string) =>
  within(container).getByText(text).closest('button')!;
const auditCalls = () =>
  requestMock.mock.calls.filter(([route]) => route === supplierApi.auditSupplier);

describe('投标人信息管理', { timeout: 20_000 }, () => {
  it('lists suppliers with their state, the status filter coming from the URL', async () => {
    signIn(['supplier:audit']);
    renderWithApp(<SupplyScreen />, '/supply?status=pending&keyword=电气');
    expect(await screen.findByText('华东电气设备有限公司')).toBeTruthy();
    expect(screen.getByText(/已拉黑（至 2026-12-31）/)).toBeTruthy();
    const listCall = requestMock.mock.calls.find(([route]) => route === supplierApi.listSupplier);
    expect(listCall?.[1]).toMatchObject({ status: 'pending', keyword: '电气', pageNum: 1 });
  });

  it('requires a reason before rejecting, then sends it', async () => {
    signIn(['supplier:audit']);
    renderWithApp(<SupplyScreen />, '/supply');
    await screen.findByText('华东电气设备有限公司');
    const row = screen.getByText('华东电气设备有限公司').closest('tr')!;
    fireEvent.click(buttonIn(row, '驳回'));
    const dialog = (await screen.findByText('原因')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(buttonIn(dialog, '确认驳回'));
    expect(await within(dialog).findByText('驳回须填写原因')).toBeTruthy();
    expect(auditCalls()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), {
      target: { value: '营业执照已过期' },
    });
    fireEvent.click(buttonIn(dialog, '确认驳回'));
    await waitFor(() => expect(auditCalls()).toHaveLength(1));
    expect(auditCalls()[0]?.[1]).toEqual({ id: 1, action: 'reject', reason: '营业执照已过期' });
  });

  it('approves with the 审核意见 left empty', async () => {
    signIn(['supplier:audit']);
    renderWithApp(<SupplyScreen />, '/supply');
    await screen.findByText('华东电气设备有限公司');
    const row = screen.getByText('华东电气设备有限公司').closest('tr')!;
    fireEvent.click(buttonIn(row, '通过'));
    const dialog = (await screen.findByText('审核意见')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).queryByText('原因')).toBeNull();
    expect(
      within(dialog)
        .getByLabelText('审核意见')
        .closest('.ant-form-item')
        ?.querySelector('.ant-form-item-required'),
    ).toBeNull();
    fireEvent.click(buttonIn(dialog, '确认通过'));
    await waitFor(() => expect(auditCalls()).toHaveLength(1));
    expect(auditCalls()[0]?.[1]).toEqual({ id: 1, action: 'approve' });
  });

  it('offers 恢复 for a blacklisted supplier and blacklists for good when no date is chosen', async () => {
    signIn(['supplier:audit']);
    renderWithApp(<SupplyScreen />, '/supply');
    await screen.findByText('北方电缆股份有限公司');
    const blacklisted = screen.getByText('北方电缆股份有限公司').closest('tr')!;
    expect(buttonIn(blacklisted, '恢复')).toBeTruthy();
    expect(within(blacklisted).queryByText('拉黑')).toBeNull();

    const pending = screen.getByText('华东电气设备有限公司').closest('tr')!;
    fireEvent.click(buttonIn(pending, '拉黑'));
    const dialog = (await screen.findByText('原因')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByLabelText('永久')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '围标' } });
    fireEvent.click(buttonIn(dialog, '确认拉黑'));
    await waitFor(() => expect(auditCalls()).toHaveLength(1));
    expect(auditCalls()[0]?.[1]).toEqual({ id: 1, action: 'blacklist', reason: '围标' });
  });

  it('hides the review actions from a caller without supplier:audit', async () => {
    signIn([]);
    renderWithApp(<SupplyScreen />, '/supply');
    await screen.findByText('华东电气设备有限公司');
    expect(screen.queryByText('驳回')).toBeNull();
    expect(screen.getAllByText('详情').length).toBeGreaterThan(0);
  });
});
