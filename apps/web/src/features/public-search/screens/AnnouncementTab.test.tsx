import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicAnnouncement } from '@tender/contracts';
import { announcementRoutes, publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import TenderMsgSearchScreen from './TenderMsgSearchScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const candidates: PublicAnnouncement = {
  id: 5,
  tenderId: 9,
  tenderNo: 'ZB-2026-000009',
  tenderTitle: '智能电表集中采购',
  lotId: 9,
  lotNo: 1,
  lotName: '智能电表集中采购',
  lotCount: 1,
  kind: 'candidates',
  title: '智能电表集中采购中标候选人公示',
  content: '<p>公示内容</p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">链接</a>',
  candidates: [
    {
      rank: 2,
      bidId: 12,
      supplierId: 2,
      supplierName: '乙公司',
      amount: 1_100_000,
      reason: '次优',
    },
    {
      rank: 1,
      bidId: 11,
      supplierId: 1,
      supplierName: '甲公司',
      amount: 1_000_000,
      reason: '最优',
    },
  ],
  winnerSupplierId: null,
  winnerName: null,
  amount: null,
  amountInWords: null,
  publicityStart: '2026-11-20T00:00:00.000Z',
  publicityEnd: '2099-11-23T00:00:00.000Z',
  publicityState: 'running',
  status: 'published',
  revokeReason: null,
  publishedAt: '2026-11-20T00:00:00.000Z',
};
const revoked: PublicAnnouncement = {
  ...candidates,
  id: 6,
  kind: 'result',
  title: '水表采购中标结果公告',
  candidates: [],
  winnerSupplierId: 1,
  winnerName: '甲公司',
  amount: 1_000_000,
  amountInWords: '壹佰万元整',
  publicityStart: null,
  publicityEnd: null,
  publicityState: null,
  status: 'revoked',
  revokeReason: '投诉成立，重新评审',
};

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  resetServerClock(0, Date.now());
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.listDictItemsPublic) return [];
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === announcementRoutes.searchAnnouncement)
      return { list: [candidates, revoked], total: 2, pageNum: 1, pageSize: 10 };
    if (route === announcementRoutes.getPublicAnnouncementById)
      return (input as { id: number }).id === 6 ? revoked : candidates;
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);

describe('the public 中标公告 tab', () => {
  it('searches announcements by keyword and page, newest first as the server answers', async () => {
    renderWithApp(<TenderMsgSearchScreen />, '/tenderMsgSearch?tab=award&keyword=电表&pageNum=2');
    await waitFor(() => expect(callsTo(announcementRoutes.searchAnnouncement)).toHaveLength(1));
    expect(callsTo(announcementRoutes.searchAnnouncement)[0]![1]).toEqual({
      keyword: '电表',
      pageNum: 2,
      pageSize: 10,
    });
    const titles = await screen.findAllByText('电表', { selector: 'mark' });
    expect(titles.length).toBeGreaterThan(0);
    expect(screen.getByText('第一候选人：甲公司')).toBeTruthy();
    expect(screen.getByText('中标人：甲公司')).toBeTruthy();
    expect(screen.getAllByText('已撤销').length).toBeGreaterThan(0);
  });

  it('opens the detail drawer from a card, with ranked candidates, 大写 and sanitised content', async () => {
    renderWithApp(<TenderMsgSearchScreen />, '/tenderMsgSearch?tab=award');
    const card = (await screen.findByText('第一候选人：甲公司')).closest('.public-result-card')!;
    fireEvent.click(card);
    // The drawer's code loads on first open (a dynamic import): allow for a cold module graph.
    await waitFor(
      () => expect(callsTo(announcementRoutes.getPublicAnnouncementById)[0]![1]).toEqual({ id: 5 }),
      { timeout: 15_000 },
    );
    const drawer = await waitFor(() => {
      const el = document.querySelector('.announcement-drawer .ant-drawer-body');
      if (!el?.textContent?.includes('公示内容')) throw new Error('not yet');
      return el;
    });
    const rows = [...drawer.querySelectorAll('.announcement-candidates tbody tr.ant-table-row')];
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('甲公司'),
      expect.stringContaining('乙公司'),
    ]);
    expect(drawer.textContent).toContain('壹佰万元整');
    expect(drawer.textContent).toContain('公示剩余');
    expect(drawer.querySelector('[onerror]')).toBeNull();
    expect(drawer.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('opens a shared ?announcement= link and shows a revoked one with its reason', async () => {
    renderWithApp(<TenderMsgSearchScreen />, '/tenderMsgSearch?tab=award&announcement=6');
    expect(await screen.findByText('本公告已撤销', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('撤销原因：投诉成立，重新评审')).toBeTruthy();
    expect(screen.getByText(/¥1,000,000.00（壹佰万元整）/)).toBeTruthy();
  });
});
