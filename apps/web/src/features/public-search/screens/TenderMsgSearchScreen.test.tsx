import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicTenderDetail } from '@tender/contracts';
import { publicRoutes, tenderRoutes } from '@tender/contracts/browser';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import TenderMsgSearchScreen from './TenderMsgSearchScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

let tender: PublicTenderDetail;
const openTender: PublicTenderDetail = {
  id: 9,
  tenderNo: 'ZB-2026-000009',
  title: '<b>智能电表</b>集中采购',
  category: 'meter',
  procurementMethod: 'open',
  budget: 2_500_000,
  currency: 'CNY',
  region: 'east',
  description: '<p>供货范围</p><script>alert(1)</script>',
  contact: null,
  contactPhone: null,
  mandatory: false,
  docsFrom: null,
  docsUntil: null,
  bidValidityDays: 90,
  bidDeadline: '2099-01-01T00:00:00.000Z',
  openingAt: '2099-01-01T00:00:00.000Z',
  priceCeiling: null,
  sealMode: 'server',
  decryptUntil: null,
  status: 'published',
  publishedAt: '2026-11-01T00:00:00.000Z',
  amendmentCount: 0,
  lotCount: 1,
  questionsUntil: '2098-12-31T00:00:00.000Z',
  bondForms: ['transfer', 'guarantee', 'insurance'],
  lots: [],
  maxLotsPerWinner: null,
  evaluation: {
    committee: false,
    method: 'lowest_price',
    criteria: [],
    priceFormula: 'lowest_benchmark',
    benchmarkFactor: 0.95,
    deductAbove: 1.2,
    deductBelow: 0.8,
    candidates: 3,
  },
  announcements: [],
};

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  tender = openTender;
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.listDictItemsPublic)
      return [{ label: '智能电表', value: 'meter', tagColor: null }];
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === tenderRoutes.searchTenderMsg)
      return { list: [tender], total: 1, pageNum: 1, pageSize: 10 };
    if (route === tenderRoutes.getTenderMsgById) return tender;
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

describe('public tender search', { timeout: 20_000 }, () => {
  it('searches with the URL filters (whole days, page size ≤ 100) and highlights the keyword', async () => {
    renderWithApp(
      <TenderMsgSearchScreen />,
      '/tenderMsgSearch?keyword=电表&category=meter&from=2026-11-01&to=2026-11-30&pageSize=500',
    );
    await waitFor(() =>
      expect(requestMock.mock.calls.some(([route]) => route === tenderRoutes.searchTenderMsg)).toBe(
        true,
      ),
    );
    const query = requestMock.mock.calls.find(([r]) => r === tenderRoutes.searchTenderMsg)?.[1] as {
      keyword: string;
      category: string;
      from: string;
      to: string;
      pageSize: number;
    };
    expect(query).toMatchObject({ keyword: '电表', category: 'meter', pageNum: 1, pageSize: 100 });
    expect(new Date(query.from).getDate()).toBe(1);
    expect(new Date(query.to).getHours()).toBe(23);
    const mark = await screen.findByText('电表', { selector: 'mark' });
    // The title's markup is text, not HTML.
    expect(mark.closest('a')?.textContent).toBe('<b>智能电表</b>集中采购');
  });

  it('opens the detail drawer from ?id= and renders the description sanitised', async () => {
    renderWithApp(<TenderMsgSearchScreen />, '/tenderMsgSearch?id=9');
    // The drawer's code loads on first open (a dynamic import): allow for a cold module graph.
    expect(await screen.findByText('供货范围', {}, { timeout: 15_000 })).toBeTruthy();
    expect(requestMock).toHaveBeenCalledWith(
      tenderRoutes.getTenderMsgById,
      { id: 9 },
      expect.anything(),
    );
    expect(document.querySelector('.ant-drawer script')).toBeNull();
    expect(screen.getByText('登录后报名并下载招标文件')).toBeTruthy();
  });

  it('shows an awarded tender as awarded, with links to its 公示 and 结果公告, not the sign-up', async () => {
    tender = {
      ...openTender,
      bidDeadline: '2026-11-20T02:00:00.000Z',
      status: 'awarded',
      announcements: [
        {
          id: 31,
          kind: 'candidates',
          title: '智能电表集中采购中标候选人公示',
          status: 'published',
          publishedAt: '2026-11-21T02:00:00.000Z',
        },
        {
          id: 32,
          kind: 'result',
          title: '智能电表集中采购中标结果公告',
          status: 'published',
          publishedAt: '2026-11-25T02:00:00.000Z',
        },
      ],
    };
    renderWithApp(<TenderMsgSearchScreen />, '/tenderMsgSearch?id=9');
    expect(
      await screen.findByText('已定标，中标结果见下方公告。', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('登录后报名并下载招标文件')).toBeNull();
    expect(document.querySelector('.ant-drawer')?.textContent).not.toContain('供应商注册');
    const result = screen.getByText('智能电表集中采购中标结果公告').closest('a')!;
    expect(result.getAttribute('href')).toBe('/tenderMsgSearch?announcement=32&tab=award');
    expect(screen.getByText('智能电表集中采购中标候选人公示').closest('a')).toBeTruthy();
    fireEvent.click(result);
    await waitFor(() =>
      expect(
        requestMock.mock.calls.some(([, input]) => (input as { id?: number })?.id === 32),
      ).toBe(true),
    );
  });

  it('invites no sign-up once the deadline has passed on the server’s clock', async () => {
    tender = { ...openTender, bidDeadline: '2026-01-01T00:00:00.000Z', status: 'closed' };
    renderWithApp(<TenderMsgSearchScreen />, '/tenderMsgSearch?id=9');
    expect(
      await screen.findByText('投标已截止，不再接受报名，等待开标。', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('登录后报名并下载招标文件')).toBeNull();
  });
});
