import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { admin, supplierApi, type Supplier } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import UpdateInfoScreen from './UpdateInfoScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const me = {
  userid: 40,
  username: 'bidder9',
  realName: '李敏',
  phone: null,
  email: null,
  roleId: 3,
  roleName: 'bidder',
  status: 'enabled',
  supplierId: 9,
  lastLoginAt: null,
  createdAt: '2026-03-01T02:00:00Z',
  supplier: { id: 9, companyName: '华东电气设备有限公司', status: 'pending' },
};
const company = (patch: Partial<Supplier>): Supplier => ({
  id: 9,
  companyName: '华东电气设备有限公司',
  creditCode: '91110000100010433L',
  legalRepresentative: '王强',
  contactName: '李敏',
  phone: '13812345678',
  email: 'bid@hd-electric.cn',
  address: null,
  registeredCapital: null,
  businessScope: null,
  categories: [],
  status: 'pending',
  reviewReason: null,
  reviewedAt: null,
  reviewerName: null,
  blacklistUntil: null,
  createdAt: '2026-03-01T02:00:00Z',
  qualificationFiles: [
    { id: 5, name: '营业执照.pdf', size: 2048, contentType: 'application/pdf', createdAt: '' },
  ],
  ...patch,
});

function answer(supplier: Supplier) {
  requestMock.mockImplementation(async (route, input) => {
    if (route === admin.getMyInfo) return me;
    if (route === publicRoutes.listDictItemsPublic) return [];
    if (route === supplierApi.getMySupplier) return supplier;
    if (route === supplierApi.updateMySupplier)
      return { ...supplier, ...(input as object), status: 'pending' };
    throw new Error(`unexpected call ${route.path}`);
  });
}
// The company card waits for two calls and antd's first render, slow on a shared CPU.
const slow = { timeout: 5000 };
const updateCalls = () =>
  requestMock.mock.calls.filter(([route]) => route === supplierApi.updateMySupplier);

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
});
afterEach(cleanup);

describe('个人信息 — 企业信息', { timeout: 20_000 }, () => {
  it('tells a pending company that sign-up and bidding wait for approval', async () => {
    answer(company({}));
    renderWithApp(<UpdateInfoScreen />, '/updateInfo');
    expect(await screen.findByText('贵公司资料正在审核中', {}, slow)).toBeTruthy();
    expect(screen.getByText(/暂不能报名或投标/)).toBeTruthy();
    expect(screen.getAllByText('待审核').length).toBeGreaterThan(0);
    expect(screen.getByText('营业执照.pdf')).toBeTruthy();
  });

  it('shows the reason a company was rejected', async () => {
    answer(company({ status: 'rejected', reviewReason: '营业执照已过期' }));
    renderWithApp(<UpdateInfoScreen />, '/updateInfo');
    expect(await screen.findByText('注册审核未通过', {}, slow)).toBeTruthy();
    expect(screen.getByText('原因：营业执照已过期')).toBeTruthy();
  });

  it('asks before a name change sends an approved company back to review', async () => {
    answer(company({ status: 'approved' }));
    renderWithApp(<UpdateInfoScreen />, '/updateInfo');
    const name = await screen.findByLabelText('公司名称', {}, slow);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('华东电气设备有限公司'));
    fireEvent.change(name, { target: { value: '华东电气集团有限公司' } });
    fireEvent.click(screen.getByText('保存企业信息').closest('button')!);
    expect((await screen.findAllByText('修改后需重新审核')).length).toBeGreaterThan(0);
    expect(updateCalls()).toHaveLength(0);
    fireEvent.click(screen.getByText('保存并重新审核').closest('button')!);
    await waitFor(() => expect(updateCalls()).toHaveLength(1));
    expect(updateCalls()[0]?.[1]).toMatchObject({
      companyName: '华东电气集团有限公司',
      qualificationFileIds: [5],
    });
  });
});
