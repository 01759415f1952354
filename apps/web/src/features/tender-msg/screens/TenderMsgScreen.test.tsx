import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { mockRequest } from '@/test/request-stub';
import TenderMsgScreen from './TenderMsgScreen';

let page: { total: number; totalIsMinimum?: boolean };
mockRequest(async (route) => {
  if (route.path.endsWith('/list-open-ttender'))
    return { list: [], pageNum: 1, pageSize: 10, ...page };
  return route.path.includes('dict') ? [] : null;
});
vi.setConfig({ testTimeout: 30_000 });
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
afterEach(cleanup);

describe('招标信息’s pager', () => {
  it('says 共 N 个项目 for an exact total and 至少 N 个项目 for a lower bound', async () => {
    page = { total: 42 };
    renderWithApp(<TenderMsgScreen />, '/tenderMsg');
    expect(await screen.findByText('共 42 个项目')).toBeTruthy();
    cleanup();
    // A keyword common among a million tenders is not counted to the end (list-open-ttender).
    page = { total: 2600, totalIsMinimum: true };
    renderWithApp(<TenderMsgScreen />, '/tenderMsg?keyword=储能');
    expect(await screen.findByText('至少 2600 个项目')).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 个项目/)).toBeNull();
  });
});
