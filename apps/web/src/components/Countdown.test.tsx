import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock, serverNow, syncServerClock } from '@/lib/server-clock';
import { Countdown, formatCountdown } from './Countdown';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const BROWSER_NOW = Date.parse('2026-03-01T10:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout'] });
  vi.setSystemTime(BROWSER_NOW);
  resetServerClock();
  requestMock.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the server clock', () => {
  it('learns the offset from serverTime at the midpoint of the round trip', async () => {
    // The browser is 2 hours behind; the answer takes 400 ms, the server answers at its midpoint.
    requestMock.mockImplementation(async (route) => {
      expect(route).toBe(publicRoutes.systemInfo);
      vi.setSystemTime(BROWSER_NOW + 400);
      return { title: 't', serverTime: new Date(BROWSER_NOW + 200 + 7_200_000).toISOString() };
    });
    await syncServerClock();
    expect(serverNow() - Date.now()).toBe(7_200_000);
  });

  it('keeps the last offset when system-info fails', async () => {
    resetServerClock(5000);
    requestMock.mockRejectedValue(new Error('down'));
    await syncServerClock();
    expect(serverNow() - Date.now()).toBe(5000);
  });
});

describe('Countdown', () => {
  it('formats days, hours, minutes and seconds', () => {
    expect(formatCountdown(((3 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000)).toBe('3天 04时05分06秒');
    expect(formatCountdown(59_000)).toBe('00时00分59秒');
  });

  it("counts down to the server's clock, not the browser's, and says 已截止 after", async () => {
    // The server is one hour ahead of the browser: a deadline 1 h 10 s after the browser's now
    // is 10 s away on the server's clock.
    requestMock.mockResolvedValue({
      title: 't',
      serverTime: new Date(BROWSER_NOW + 3_600_000).toISOString(),
    });
    const deadline = new Date(BROWSER_NOW + 3_600_000 + 10_000).toISOString();
    render(<Countdown deadline={deadline} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByRole('timer').textContent).toContain('00时00分10秒');
    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByRole('timer').textContent).toContain('00时00分06秒');
    await act(async () => {
      vi.advanceTimersByTime(7000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('已截止')).toBeTruthy();
  });

  it('moves every countdown on one timer, stopped when the last one goes', async () => {
    requestMock.mockResolvedValue({ title: 't', serverTime: new Date(BROWSER_NOW).toISOString() });
    const view = render(
      <>
        <Countdown deadline={BROWSER_NOW + 20_000} />
        <Countdown deadline={BROWSER_NOW + 30_000} />
        <Countdown deadline={BROWSER_NOW + 40_000} />
      </>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(vi.getTimerCount()).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getAllByRole('timer').map((t) => t.textContent)).toEqual([
      expect.stringContaining('00时00分17秒'),
      expect.stringContaining('00时00分27秒'),
      expect.stringContaining('00时00分37秒'),
    ]);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
