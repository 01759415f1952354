import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationApi, type Notification } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { formatDate } from '@/lib/time';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { NotificationBell } from './NotificationBell';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const noteOf = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'objection_filed',
  text: `消息 ${id}`,
  link: `/announcementDetail?id=${id}`,
  read: false,
  readAt: null,
  createdAt: new Date().toISOString(),
  ...over,
});

let notes: Notification[] = [];
beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  notes = [noteOf(1), noteOf(2), noteOf(3, { read: true, text: '已读的消息' }), noteOf(4)];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route.path === notificationApi.listMyNotification.path)
      return {
        list: notes,
        total: notes.length,
        pageNum: 1,
        pageSize: 8,
        unreadCount: notes.filter((n) => !n.read).length,
      };
    if (route.path === notificationApi.markRead.path) {
      const { ids, all } = input as { ids?: number[]; all?: boolean };
      notes = notes.map((n) => (all || ids?.includes(n.id) ? { ...n, read: true } : n));
      return { updated: 1, unreadCount: notes.filter((n) => !n.read).length };
    }
    if (route.path === publicRoutes.systemInfo.path) return { serverTime: serverTime() };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(() => {
  cleanup();
  resetServerClock();
  serverAhead = 0;
});

/** How far the server's clock runs ahead of the browser's. */
let serverAhead = 0;
const serverTime = () => new Date(Date.now() + serverAhead).toISOString();

// The bell calls by method and path (lib/routes.ts), not with the contract objects.
const callsTo = (route: { path: string }) =>
  requestMock.mock.calls.filter(([r]) => (r as { path: string }).path === route.path);
const badge = () => document.querySelector('.ant-badge .ant-scroll-number');

describe('the notification bell', () => {
  it('shows the unread count and marks all read', async () => {
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: '消息通知，3 条未读' });
    expect(badge()?.getAttribute('title')).toBe('3');

    fireEvent.click(bell);
    expect(await screen.findByText('消息 1')).toBeTruthy();
    expect(screen.getByText('已读的消息')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /全部已读/ }));
    await waitFor(() => expect(callsTo(notificationApi.markRead)).toHaveLength(1));
    expect(callsTo(notificationApi.markRead)[0]![1]).toEqual({ all: true });
    await screen.findByRole('button', { name: '消息通知' }, { timeout: 5000 });
    // The badge leaves with an animation: hidden at once, removed after it.
    await waitFor(() => expect(badge()?.getAttribute('data-show') ?? 'false').toBe('false'));
  });

  it('marks one read from its own button', async () => {
    renderWithApp(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /消息通知/ }));
    await screen.findByText('消息 2');
    const readButtons = screen.getAllByRole('button', { name: '标为已读' });
    expect(readButtons).toHaveLength(3);
    fireEvent.click(readButtons[1]!);
    await waitFor(() => expect(callsTo(notificationApi.markRead)[0]![1]).toEqual({ ids: [2] }));
    expect(await screen.findByRole('button', { name: '消息通知，2 条未读' })).toBeTruthy();
  });

  it("says how long ago each came by the server's clock, not the browser's", async () => {
    serverAhead = 21 * 86_400_000;
    const aMinuteAgo = new Date(Date.now() + serverAhead - 45_000).toISOString();
    const threeWeeksAgo = new Date(Date.now()).toISOString();
    notes = [
      noteOf(1, { text: '刚到的消息', createdAt: aMinuteAgo }),
      noteOf(2, { text: '三周前的消息', createdAt: threeWeeksAgo }),
    ];
    renderWithApp(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /消息通知/ }));
    await screen.findByText('三周前的消息');
    expect(await screen.findByText('1分钟前', undefined, { timeout: 5000 })).toBeTruthy();
    // Its day in Beijing, as every date shows (after 16:00 UTC that is already tomorrow there).
    expect(screen.getByText(formatDate(threeWeeksAgo))).toBeTruthy();
    expect(screen.queryByText('刚刚')).toBeNull();
  });

  it('polls the list every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithApp(<NotificationBell />);
      await screen.findByRole('button', { name: /消息通知/ });
      const before = callsTo(notificationApi.listMyNotification).length;
      notes = [...notes, noteOf(9)];
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() =>
        expect(callsTo(notificationApi.listMyNotification).length).toBeGreaterThan(before),
      );
      expect(await screen.findByRole('button', { name: '消息通知，4 条未读' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
