import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { announcementApi } from '@tender/contracts';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { bidOf } from '../test/fixtures';
import { PublishCandidatesModal, defaultCandidatesValues } from './PublishCandidatesModal';
import { publicityProblem } from './publicity-rule';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const bids = [
  bidOf(),
  bidOf({ bidId: 12, supplierName: '乙公司', totalPrice: 1_100_000, rank: 2 }),
];

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  resetServerClock(0, Date.now());
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === announcementApi.publishCandidates) return { announcementId: 77 };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const calls = () => requestMock.mock.calls.filter(([r]) => r === announcementApi.publishCandidates);

describe('the publicity period rule', () => {
  const at = dayjs('2026-11-23T08:00:00Z');
  it('refuses a missing end, an end before the start and anything under three days', () => {
    expect(publicityProblem([at, null])).toBe('请选择公示开始与结束时间');
    expect(publicityProblem([at, at.subtract(1, 'hour')])).toBe('公示结束时间必须晚于开始时间');
    expect(publicityProblem([at, at.add(3, 'day').subtract(1, 'minute')])).toBe(
      '公示期不得少于 3 天',
    );
    expect(publicityProblem([at, at.add(3, 'day')])).toBeNull();
  });

  it('defaults to the ranked valid bids and exactly three days', () => {
    const values = defaultCandidatesValues(bids);
    expect(values.candidates.map((c) => c.bidId)).toEqual([11, 12]);
    expect(values.period![1].diff(values.period![0], 'day', true)).toBe(3);
  });
});

describe('发布候选人公示 dialog', () => {
  it('refuses a two-day publicity and empty reasons, and sends nothing', async () => {
    const start = dayjs().add(1, 'hour');
    renderWithApp(
      <PublishCandidatesModal
        tenderId={9}
        bids={bids}
        onClose={() => {}}
        initialValues={{
          candidates: [{ bidId: 11, reason: '' }],
          period: [start, start.add(2, 'day')],
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /生成公示/ }));
    expect(await screen.findByText('公示期不得少于 3 天')).toBeTruthy();
    expect(await screen.findByText('请填写推荐理由')).toBeTruthy();
    expect(calls()).toHaveLength(0);
  });

  it('sends the ranked candidates with reasons and the period', async () => {
    const onClose = vi.fn();
    const start = dayjs('2099-01-01T00:00:00Z');
    renderWithApp(
      <PublishCandidatesModal
        tenderId={9}
        bids={bids}
        onClose={onClose}
        initialValues={{
          candidates: [
            { bidId: 12, reason: '综合得分第一' },
            { bidId: 11, reason: '综合得分第二' },
          ],
          period: [start, start.add(3, 'day')],
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /生成公示/ }));
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]![1]).toEqual({
      id: 9,
      candidates: [
        { bidId: 12, rank: 1, reason: '综合得分第一' },
        { bidId: 11, rank: 2, reason: '综合得分第二' },
      ],
      publicityStart: '2099-01-01T00:00:00.000Z',
      publicityEnd: '2099-01-04T00:00:00.000Z',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses the same bid ranked twice', async () => {
    const start = dayjs('2099-01-01T00:00:00Z');
    renderWithApp(
      <PublishCandidatesModal
        tenderId={9}
        bids={bids}
        onClose={() => {}}
        initialValues={{
          candidates: [
            { bidId: 11, reason: 'a' },
            { bidId: 11, reason: 'b' },
          ],
          period: [start, start.add(5, 'day')],
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /生成公示/ }));
    expect((await screen.findAllByText('同一投标不能重复排名')).length).toBeGreaterThan(0);
    expect(calls()).toHaveLength(0);
  });
});
