import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { mockRequest } from '@/test/request-stub';
import TenderListScreen from './TenderListScreen';

let page: { total: number; totalIsMinimum?: boolean };
mockRequest(async (route) =>
  route.path.endsWith('/list-ttender') ? { list: [], pageNum: 1, pageSize: 10, ...page } : [],
);
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => {
  stubBrowserLayout(1440);
  setUserMenu({
    menuList: [],
    realName: '经理',
    userid: 2,
    username: 'manager',
    roleId: 2,
    roleName: 'tender_manager',
    roles: ['tender_manager'],
    buttons: [],
  });
});
afterEach(cleanup);

describe('招标管理’s pager', () => {
  it('says 共 N 个项目 for an exact total and 至少 N 个项目 for a lower bound', async () => {
    page = { total: 42 };
    renderWithApp(<TenderListScreen />, '/tender_list');
    expect(await screen.findByText('共 42 个项目')).toBeTruthy();
    cleanup();
    // A keyword common among a million tenders is not counted to the end (list-ttender).
    page = { total: 5000, totalIsMinimum: true };
    renderWithApp(<TenderListScreen />, '/tender_list?keyword=储能');
    expect(await screen.findByText('至少 5000 个项目')).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 个项目/)).toBeNull();
  });
});
