import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  announcementApi,
  bidApi,
  objectionApi,
  type Announcement,
  type Lot,
  type UserMenu,
} from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { bidOf } from '../test/fixtures';
import { PublicityTab } from './PublicityTab';
import { mockRequest } from '@/test/request-stub';
import { setUserMenu } from '@/stores/session';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const lotOf = (lotId: number, lotNo: number, name: string, status: Lot['status']): Lot => ({
  lotId,
  lotNo,
  name,
  budget: 500_000,
  priceCeiling: null,
  minBids: 2,
  bidBond: 0,
  quantity: null,
  description: '',
  status,
});
const lots = [lotOf(1, 1, '主变压器', 'opened'), lotOf(2, 2, '开关柜', 'failed')];
const announcement = {
  id: 8,
  tenderId: 5,
  tenderNo: 'ZB-2026-0005',
  tenderTitle: '变电站设备采购',
  lotId: 1,
  lotNo: 1,
  lotName: '主变压器',
  lotCount: 2,
  kind: 'candidates',
  title: '变电站设备采购（标段 1）中标候选人公示',
  status: 'draft',
  publicityStart: null,
  publicityEnd: null,
} as unknown as Announcement;

beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  setUserMenu({ menuList: [], realName: 'm', buttons: ['tender:award'] } as unknown as UserMenu);
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === announcementApi.listAnnouncement)
      return { list: [announcement], total: 1, pageNum: 1, pageSize: 20 };
    if (route === objectionApi.listObjection)
      return { list: [], total: 0, pageNum: 1, pageSize: 10 };
    if (route === bidApi.listBidsByTender)
      return {
        lotId: 1,
        bids: [bidOf({ bidId: 11, lotId: 1, rank: 1 })],
        warnings: [],
        budget: 500_000,
        award: null,
        awardBlockedReason: null,
        awardableFrom: null,
      };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

describe('公示与异议 on a tender of several lots', () => {
  it('publishes candidates lot by lot; a failed lot says 该标段流标; announcements name their lot', async () => {
    renderWithApp(<PublicityTab tender={{ id: 5, status: 'opened', mandatory: false, lots }} />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      '标段 1：主变压器已开标',
      '标段 2：开关柜流标',
    ]);
    expect(await screen.findByText('有效投标 1 份')).toBeTruthy();
    const asked = requestMock.mock.calls.filter(([r]) => r === bidApi.listBidsByTender);
    expect(asked.at(-1)?.[1]).toEqual({ tenderId: 5, lotId: 1 });
    expect(within(screen.getByTestId('lot-publicity')).getByText('发布候选人公示')).toBeTruthy();
    // The announcement names its lot.
    expect(screen.getByText('标段 1：主变压器', { selector: '.ant-tag' })).toBeTruthy();

    fireEvent.click(screen.getByText('发布候选人公示'));
    expect(await screen.findByText('发布中标候选人公示 · 标段 1：主变压器')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /取\s*消/ }).at(-1)!);

    fireEvent.click(screen.getByText('标段 2：开关柜'));
    expect(await screen.findByText('该标段流标')).toBeTruthy();
  });

  it('an evaluating tender is opened: a lot under evaluation waits for its final report, an evaluated one publishes', async () => {
    const evaluating = [lotOf(1, 1, '主变压器', 'evaluated'), lotOf(2, 2, '开关柜', 'evaluating')];
    renderWithApp(
      <PublicityTab tender={{ id: 5, status: 'evaluating', mandatory: true, lots: evaluating }} />,
    );
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      '标段 1：主变压器评标完成',
      '标段 2：开关柜评标中',
    ]);
    expect(await screen.findByText('有效投标 1 份')).toBeTruthy();
    expect(within(screen.getByTestId('lot-publicity')).getByText('发布候选人公示')).toBeTruthy();
    fireEvent.click(screen.getByText('标段 2：开关柜'));
    expect(
      await screen.findByText('该标段评标中，评标报告定稿后方可发布中标候选人公示'),
    ).toBeTruthy();
  });
});
