import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { admin, committeeApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { ApiError } from '@/lib/request';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { setUserMenu } from '@/stores/session';
import { CommitteeTab } from './CommitteeTab';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const TENDER = { id: 11, mandatory: true, category: 'transformer' };
const member = (
  memberId: number,
  name: string,
  extra: Partial<committeeApi.CommitteeMember> = {},
): committeeApi.CommitteeMember => ({
  memberId,
  userid: 100 + memberId,
  name,
  employer: `单位 ${memberId}`,
  title: '高级工程师',
  kind: 'expert',
  chair: false,
  status: 'active',
  pledgedAt: null,
  reason: null,
  joinedAt: '2026-11-20T02:00:00.000Z',
  drawId: 1,
  ...extra,
});
const COMMITTEE: committeeApi.Committee = {
  committeeId: 1,
  tenderId: 11,
  size: 5,
  specialties: ['transformer'],
  seed: 'a'.repeat(64),
  eligibleDigest: 'b'.repeat(64),
  members: [
    member(1, '张专家', { chair: true, pledgedAt: '2026-11-20T03:00:00.000Z' }),
    member(2, '李专家'),
    member(3, '王专家', { status: 'recused', reason: '曾在投标人处任职' }),
  ],
  standbys: [{ memberId: 9, userid: 109, name: '赵专家', employer: '单位 9', rank: 1 }],
  draws: [],
  createdAt: '2026-11-20T02:00:00.000Z',
};

let committee: committeeApi.Committee | null = null;
beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  committee = null;
  setUserMenu({
    menuList: [],
    realName: '招标经理',
    userid: 2,
    username: 'manager',
    roleId: 2,
    roleName: 'tender_manager',
    roles: ['tender_manager'],
    buttons: ['tender:committee'],
  });
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.listDictItemsPublic)
      return [{ label: '电力变压器', value: 'transformer', tagColor: null }];
    if (route === committeeApi.getCommittee) {
      if (!committee) throw new ApiError(404, '尚未组建评标委员会');
      return committee;
    }
    if (route === admin.listAdmin) throw new ApiError(403, '没有权限');
    if (route === committeeApi.verifyDraw)
      return {
        matches: true,
        recomputed: [
          {
            drawId: 1,
            kind: 'initial',
            digestMatches: true,
            drawnIds: [1, 2],
            recordedIds: [1, 2],
            matches: true,
          },
        ],
      };
    if (route === committeeApi.drawCommittee) throw new ApiError(409, '合格专家不足：还差 2 人');
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

describe('the committee tab', { timeout: 20_000 }, () => {
  it('offers the draw with the rules and refuses an even size before sending', async () => {
    renderWithApp(<CommitteeTab tender={TENDER} />);
    expect(await screen.findByText(/依法必须招标的项目不少于 5 人/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('委员会人数'), { target: { value: '6' } });
    fireEvent.click(screen.getByText('随机抽取').closest('button')!);
    expect(
      await screen.findByText('评标委员会人数必须为单数（招标投标法第三十七条）'),
    ).toBeTruthy();
    expect(requestMock.mock.calls.some(([r]) => r === committeeApi.drawCommittee)).toBe(false);
  });

  it("says the server's refusal when too few experts are eligible", async () => {
    renderWithApp(<CommitteeTab tender={TENDER} />);
    fireEvent.click((await screen.findByText('随机抽取')).closest('button')!);
    expect(await screen.findByTestId('draw-refusal')).toBeTruthy();
    expect(screen.getByTestId('draw-refusal').textContent).toMatch(/还差 2 人/);
    const input = requestMock.mock.calls.find(([r]) => r === committeeApi.drawCommittee)?.[1];
    expect(input).toMatchObject({
      tenderId: 11,
      size: 5,
      specialties: ['transformer'],
      standbys: 2,
    });
  });

  it('shows the members with their pledges, the seed and digest, and verifies the draw', async () => {
    committee = COMMITTEE;
    renderWithApp(<CommitteeTab tender={TENDER} />);
    expect(await screen.findByText('张专家')).toBeTruthy();
    expect(screen.getByText('组长')).toBeTruthy();
    expect(screen.getByText('已承诺')).toBeTruthy();
    expect(screen.getByText('未承诺')).toBeTruthy();
    expect(screen.getByText('已回避')).toBeTruthy();
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    expect(screen.getByText('b'.repeat(64))).toBeTruthy();
    // 更换 only for members still seated.
    expect(screen.getAllByText('更换')).toHaveLength(2);
    fireEvent.click(screen.getByText('验证抽取').closest('button')!);
    await waitFor(() =>
      expect(screen.getByTestId('verify-result').textContent).toMatch(/验证通过/),
    );
  });

  it('shows the members and standbys as cards on a phone, not a table to scroll sideways', async () => {
    stubBrowserLayout(390);
    try {
      committee = COMMITTEE;
      renderWithApp(<CommitteeTab tender={TENDER} />);
      const members = await screen.findByRole('list', { name: '评标委员会成员' });
      expect(document.querySelector('.ant-table')).toBeNull();
      const cards = within(members).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      expect(cards[0]!.textContent).toMatch(
        /张专家.*组长.*单位 1 · 高级工程师.*评标专家.*在任.*已承诺/,
      );
      expect(cards[2]!.textContent).toMatch(/王专家.*已回避.*曾在投标人处任职/);
      // 更换 only for members still seated.
      expect(within(cards[2]!).queryByText('更换')).toBeNull();
      expect(within(members).getAllByText('更换')).toHaveLength(2);
      const standbys = screen.getByRole('list', { name: '备选专家' });
      expect(within(standbys).getByRole('listitem').textContent).toMatch(
        /第 1 递补.*赵专家.*单位 9/,
      );
    } finally {
      stubBrowserLayout(1440);
    }
  });
});
