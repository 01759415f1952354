import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  announcementApi,
  notificationLinks,
  objectionApi,
  type Announcement,
  type AwardNotice,
} from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { ApiError } from '@/lib/request';
import { resetServerClock } from '@/lib/server-clock';
import { setUserMenu } from '@/stores/session';
import { userMenu } from '@/test/menu-fixtures';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { objectionOf } from '../test/fixtures';
import AnnouncementDetailScreen from './AnnouncementDetailScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const base: Announcement = {
  id: 5,
  tenderId: 9,
  tenderNo: 'ZB-2026-000009',
  tenderTitle: '智能电表集中采购',
  lotId: 90,
  lotNo: 1,
  lotName: '智能电表',
  lotCount: 1,
  kind: 'candidates',
  title: '智能电表集中采购中标候选人公示',
  content: '<p>公示内容</p>',
  candidates: [
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
  publicityStart: new Date(Date.now() - 86_400_000).toISOString(),
  publicityEnd: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  publicityState: 'running',
  status: 'published',
  revokeReason: null,
  publishedAt: new Date(Date.now() - 86_400_000).toISOString(),
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
let current: Announcement | null = base;
let objectionFiles: { id: number; name: string }[] = [];
const notice: AwardNotice = {
  tenderId: 9,
  tenderNo: 'ZB-2026-000009',
  tenderTitle: '智能电表集中采购',
  lotId: 90,
  lotNo: 1,
  lotName: '智能电表',
  lotCount: 1,
  winnerSupplierId: 1,
  winnerName: '甲公司',
  tendererName: '华源能源装备集团有限公司',
  amount: 1_000_000,
  amountInWords: '壹佰万元整',
  currency: 'CNY',
  awardedAt: '2026-11-25T02:00:00.000Z',
  contractDeadline: '2026-12-25T02:00:00.000Z',
  announcementId: 6,
};
const result: Announcement = {
  ...base,
  id: 6,
  kind: 'result',
  title: '智能电表集中采购中标结果公告',
  candidates: [],
  winnerSupplierId: 1,
  winnerName: '甲公司',
  amount: 1_000_000,
  amountInWords: '壹佰万元整',
  publicityStart: null,
  publicityEnd: null,
  publicityState: null,
};

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  resetServerClock(0, Date.now());
  current = base;
  objectionFiles = [];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === announcementApi.getAnnouncementById) {
      if (!current) throw new ApiError(404, '公告不存在');
      return current;
    }
    if (route === objectionApi.listObjection) {
      const mine = objectionOf({
        status: 'answered',
        answer: '经核实，证书有效',
        answeredByName: '招标管理员',
        answeredAt: '2026-11-21T00:00:00.000Z',
        files: objectionFiles,
      });
      return { list: [mine], total: 1, pageNum: 1, pageSize: 20 };
    }
    if (route === announcementApi.getAwardNoticeData) {
      if ((input as { tenderId: number }).tenderId !== 9) throw new ApiError(404, '没有中标通知书');
      return notice;
    }
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

describe('公告详情', () => {
  it('lets a bidder file an objection during the publicity and shows its answer', async () => {
    setUserMenu(userMenu([], ['bidder']));
    renderWithApp(<AnnouncementDetailScreen />, '/announcementDetail?id=5');
    expect(await screen.findByText('智能电表集中采购中标候选人公示')).toBeTruthy();
    expect(screen.getByText(/公示剩余/)).toBeTruthy();
    expect(await screen.findByText('经核实，证书有效')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /提出异议/ }));
    expect(await screen.findByRole('dialog', { name: '提出异议' })).toBeTruthy();
  });

  it('offers no objection after the publicity has ended', async () => {
    setUserMenu(userMenu([], ['bidder']));
    current = { ...base, publicityEnd: new Date(Date.now() - 1000).toISOString() };
    renderWithApp(<AnnouncementDetailScreen />, '/announcementDetail?id=5');
    expect(await screen.findByText('公示已结束')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提出异议/ })).toBeNull();
  });

  it('gives a manager 编辑 and 发布 on a draft', async () => {
    setUserMenu({
      ...userMenu([], ['tender_manager']),
      buttons: [
        'announcement:edit',
        'announcement:publish',
        'announcement:revoke',
        'objection:answer',
      ],
    });
    current = { ...base, status: 'draft', publishedAt: null };
    renderWithApp(<AnnouncementDetailScreen />, '/announcementDetail?id=5');
    expect(await screen.findByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /发\s*布/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /撤\s*销/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /提出异议/ })).toBeNull();
  });

  it('says an unknown announcement was not found', async () => {
    current = null;
    renderWithApp(<AnnouncementDetailScreen />, '/announcementDetail?id=404');
    await waitFor(() => expect(screen.getByText('未找到该公告')).toBeTruthy());
  });

  it("opens the winner's 中标通知书 from the award notification's link", async () => {
    setUserMenu(userMenu([], ['bidder']));
    current = result;
    renderWithApp(<AnnouncementDetailScreen />, notificationLinks.awardNotice(6, 9));
    const dialog = await screen.findByRole('dialog', { name: '中标通知书' });
    expect(dialog.textContent).toContain('甲公司');
    expect(dialog.textContent).toContain('壹佰万元整');
    // Closed as the PDF is: the tenderer, its seal, the day in formal writing (Beijing).
    expect(dialog.textContent).toContain('招标人：华源能源装备集团有限公司（盖章）');
    expect(dialog.textContent).toContain('2026年11月25日');
    expect(dialog.textContent).toContain('即 2026年12月25日前');
    // The footer's 关闭 (the corner's ✕ is named 关闭 too).
    fireEvent.click(screen.getAllByRole('button', { name: /关\s*闭/ }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '中标通知书' })).toBeNull());
    // Still offered on the page, as without the link.
    expect(screen.getByRole('button', { name: /中标通知书/ })).toBeTruthy();
  });

  it('names the lot of a tender of several, and opens that lot’s notice', async () => {
    setUserMenu(userMenu([], ['bidder']));
    const lot2 = { lotId: 92, lotNo: 2, lotName: '开关柜', lotCount: 2 };
    current = { ...result, ...lot2 };
    const lotNotice = { ...notice, ...lot2 };
    requestMock.mockImplementation(async (route) => {
      if (route === publicRoutes.systemInfo)
        return { title: 't', serverTime: new Date().toISOString() };
      if (route === announcementApi.getAnnouncementById) return current;
      if (route === objectionApi.listObjection)
        return { list: [], total: 0, pageNum: 1, pageSize: 20 };
      if (route === announcementApi.getAwardNoticeData) return lotNotice;
      throw new Error(`unexpected call ${route.path}`);
    });
    renderWithApp(<AnnouncementDetailScreen />, notificationLinks.awardNotice(6, 9));
    const dialog = await screen.findByRole('dialog', { name: '中标通知书 · 标段 2：开关柜' });
    expect(dialog.textContent).toContain('标段：标段 2：开关柜');
    const asked = requestMock.mock.calls.filter(([r]) => r === announcementApi.getAwardNoticeData);
    expect(asked.at(-1)?.[1]).toEqual({ tenderId: 9, lotId: 92 });
    fireEvent.click(screen.getAllByRole('button', { name: /关\s*闭/ }).at(-1)!);
    expect((await screen.findAllByText('标段 2：开关柜')).length).toBeGreaterThan(0);
  });

  it('opens the notice before the result is published, which the winner cannot read yet', async () => {
    setUserMenu(userMenu([], ['bidder']));
    current = null;
    renderWithApp(<AnnouncementDetailScreen />, notificationLinks.awardNotice(6, 9));
    expect(await screen.findByText('中标结果公告尚未发布')).toBeTruthy();
    expect((await screen.findByRole('dialog', { name: '中标通知书' })).textContent).toContain(
      '甲公司',
    );
  });

  it('is not found for someone whose notice it is not', async () => {
    setUserMenu(userMenu([], ['bidder']));
    current = null;
    renderWithApp(<AnnouncementDetailScreen />, notificationLinks.awardNotice(6, 10));
    expect(await screen.findByText('未找到该公告')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '中标通知书' })).toBeNull();
  });

  it("picks out the objection an answer's link names, with its files", async () => {
    setUserMenu(userMenu([], ['bidder']));
    objectionFiles = [{ id: 41, name: '证书查询截图.pdf' }];
    renderWithApp(<AnnouncementDetailScreen />, notificationLinks.objection(5, 1));
    const answer = await screen.findByText('经核实，证书有效');
    expect(answer.closest('.my-objection')!.className).toContain('objection-highlight');
    expect(screen.getByText('证书查询截图.pdf')).toBeTruthy();
  });

  it("shows a manager the objection's files and picks it out", async () => {
    setUserMenu({ ...userMenu([], ['tender_manager']), buttons: ['objection:answer'] });
    objectionFiles = [{ id: 41, name: '证书查询截图.pdf' }];
    renderWithApp(<AnnouncementDetailScreen />, notificationLinks.objection(5, 1));
    const file = await screen.findByText('证书查询截图.pdf');
    expect(file.closest('tr')!.className).toContain('objection-highlight');
  });
});
