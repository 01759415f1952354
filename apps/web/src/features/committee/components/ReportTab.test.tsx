import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { announcementApi, reportApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { setUserMenu } from '@/stores/session';
import { ReportTab } from './ReportTab';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const ranked = (rank: number, bidId: number, supplierName: string, total: number) => ({
  rank,
  bidId,
  supplierId: bidId,
  supplierName,
  price: 900_000 + rank * 10_000,
  scores: [],
  priceScore: 30,
  total,
  submittedAt: '2026-11-01T00:00:00.000Z',
});
const RANKING = [
  ranked(1, 21, '甲公司', 88.5),
  ranked(2, 22, '乙公司', 85),
  ranked(3, 23, '丙公司', 80),
];
const REPORT = {
  reportId: 1,
  tenderId: 11,
  tenderNo: 'ZB-2026-000011',
  tenderTitle: '主变压器采购',
  lotId: 5,
  lotNo: 1,
  lotName: '主变压器采购',
  version: 1,
  status: 'final',
  createdAt: '2026-11-25T02:00:00.000Z',
  finalAt: '2026-11-25T04:00:00.000Z',
  digest: 'c'.repeat(64),
  evaluation: {
    committee: true,
    method: 'comprehensive',
    criteria: [],
    priceFormula: 'lowest_benchmark',
    benchmarkFactor: 0.95,
    deductAbove: 1.2,
    deductBelow: 0.8,
    candidates: 3,
  },
  members: [],
  minBids: 3,
  openedValid: 3,
  validCount: 3,
  insufficient: null,
  outcome: 'ranked',
  ranking: RANKING,
  candidates: RANKING,
  rejections: [],
  sheets: [],
  clarifications: [],
  outliers: [],
  signatures: [
    {
      memberId: 1,
      name: '张专家',
      agree: true,
      dissent: null,
      signedAt: '2026-11-25T03:00:00.000Z',
    },
    {
      memberId: 2,
      name: '李专家',
      agree: false,
      dissent: '技术分偏高',
      signedAt: '2026-11-25T04:00:00.000Z',
    },
  ],
  unsigned: [],
  returnReason: null,
  history: [],
} satisfies reportApi.EvaluationReport;

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  setUserMenu({
    menuList: [],
    realName: '招标经理',
    userid: 2,
    username: 'manager',
    roleId: 2,
    roleName: 'tender_manager',
    roles: ['tender_manager'],
    buttons: ['tender:award', 'tender:return-report'],
  });
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.listDictItemsPublic) return [];
    if (route === reportApi.getReport) return REPORT;
    if (route === announcementApi.declineCandidate)
      return {
        bidId: (input as { bidId: number }).bidId,
        ground: 'gave_up',
        declinedAt: '2026-11-26T00:00:00.000Z',
        nextBidId: 22,
      };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const TENDER = { id: 11, tenderNo: 'ZB-2026-000011', status: 'opened' };
const candidates = () => screen.getByLabelText('中标候选人');

describe('the report tab', { timeout: 20_000 }, () => {
  it('shows the ranking, the signatures with a dissent, the digest and 退回 on a final report', async () => {
    renderWithApp(<ReportTab tender={TENDER} />);
    expect(await screen.findByText('已生效')).toBeTruthy();
    expect(screen.getByText('技术分偏高', { exact: false })).toBeTruthy();
    expect(screen.getByText('c'.repeat(64))).toBeTruthy();
    expect(screen.getAllByText('退回评标报告').some((el) => el.closest('button'))).toBe(true);
    expect(screen.getByText(/应在 .* 前公示中标候选人/)).toBeTruthy();
  });

  it('awards only the first candidate not declined, as the server says it', async () => {
    renderWithApp(<ReportTab tender={TENDER} />);
    await screen.findByText('已生效');
    const rows = () => within(candidates()).getAllByRole('row').slice(1);
    expect(within(rows()[0]!).getByText('定标')).toBeTruthy();
    expect(within(rows()[1]!).queryByText('定标')).toBeNull();
    cleanup();

    const standing = {
      lotId: 5,
      reportFinalAt: REPORT.finalAt,
      candidatesDueAt: '2026-11-28T04:00:00.000Z',
      candidatesPublishedAt: null,
      candidatesOverdue: false,
      candidates: RANKING.map((c) => ({
        ...c,
        declined:
          c.bidId === 21
            ? {
                ground: 'gave_up' as const,
                reason: '书面放弃',
                declinedAt: '2026-11-26T00:00:00.000Z',
              }
            : null,
      })),
      nextBidId: 22,
    };
    renderWithApp(<ReportTab tender={{ ...TENDER, reportCandidates: [standing] }} />);
    await screen.findByText('已生效');
    expect(within(rows()[0]!).getByText(/已取消资格 · 放弃中标/)).toBeTruthy();
    expect(within(rows()[0]!).queryByText('定标')).toBeNull();
    expect(within(rows()[1]!).getByText('定标')).toBeTruthy();
    // 定标 opens with the reason the ranking gives, naming the second place.
    fireEvent.click(within(rows()[1]!).getByText('定标'));
    const reason = (await screen.findByLabelText('定标理由')) as HTMLTextAreaElement;
    await waitFor(() => expect(reason.value).toContain('第 2 名中标候选人'));
  });

  it('取消资格 sends a lawful ground and the reason', async () => {
    renderWithApp(<ReportTab tender={TENDER} />);
    await screen.findByText('已生效');
    const first = within(candidates()).getAllByRole('row')[1]!;
    fireEvent.click(within(first).getByText('取消资格'));
    fireEvent.mouseDown(await screen.findByLabelText('取消理由'));
    fireEvent.click(await screen.findByText('放弃中标'));
    fireEvent.change(screen.getByLabelText('说明'), { target: { value: '书面声明放弃中标' } });
    fireEvent.click(screen.getByText(/确认取消/).closest('button')!);
    await waitFor(() =>
      expect(
        requestMock.mock.calls.find(([r]) => r === announcementApi.declineCandidate)?.[1],
      ).toMatchObject({
        tenderId: 11,
        bidId: 21,
        ground: 'gave_up',
        reason: '书面声明放弃中标',
        fileIds: [],
      }),
    );
  });
});
