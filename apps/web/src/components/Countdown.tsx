import { useEffect } from 'react';
import { ClockCircleOutlined } from '@ant-design/icons';
import { ensureServerClock, serverOffsetStore } from '@/lib/server-clock';
import { createStore, useStore, type Store } from '@/lib/create-store';
import './countdown.css';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a positive duration into whole days, hours, minutes and seconds. */
export function splitDuration(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "3天 04时05分06秒"; under a day "04时05分06秒". */
export function formatCountdown(ms: number): string {
  const { days, hours, minutes, seconds } = splitDuration(ms);
  const clock = `${pad(hours)}时${pad(minutes)}分${pad(seconds)}秒`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/**
 * One timer per period for every component showing the time, started by the first and stopped
 * by the last: a bidder's list draws a countdown, a state tag and the actions on each row, and
 * with a timer each they re-rendered (and laid the page out) dozens of times a second, each at
 * its own moment. Now they move together, in one render per tick.
 */
const tickers = new Map<number, Pick<Store<number>, 'get' | 'subscribe'>>();

function tickerOf(intervalMs: number) {
  let ticker = tickers.get(intervalMs);
  if (ticker) return ticker;
  const time = createStore(Date.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  let listeners = 0;
  ticker = {
    get: time.get,
    subscribe(listener) {
      if (listeners++ === 0) {
        time.set(Date.now());
        timer = setInterval(() => time.set(Date.now()), intervalMs);
      }
      const unsubscribe = time.subscribe(listener);
      return () => {
        unsubscribe();
        if (--listeners === 0) clearInterval(timer);
      };
    },
  };
  tickers.set(intervalMs, ticker);
  return ticker;
}

/** The server's now, re-read every `intervalMs`; learns the server's offset on first use. */
export function useServerNow(intervalMs = 1000): number {
  // A newly learned offset re-renders at once, without waiting for the next tick.
  const offset = useStore(serverOffsetStore);
  const browserNow = useStore(tickerOf(intervalMs));
  useEffect(() => void ensureServerClock(), []);
  return browserNow + offset;
}

/**
 * Counts down to `deadline` on the server's clock (天/时/分/秒) and says 已截止 after it.
 * Under an hour left it turns red, under a day orange. Drawn as Typography.Text draws a text of
 * that type (countdown.css), without Typography: its ellipsis and copy bring Tooltip with them,
 * about 9 KB of the public search page.
 */
export function Countdown({
  deadline,
  doneText = '已截止',
  prefix,
  showIcon = true,
}: {
  deadline: string | number | Date;
  doneText?: string;
  prefix?: string;
  showIcon?: boolean;
}) {
  const now = useServerNow();
  const left = new Date(deadline).getTime() - now;
  if (!Number.isFinite(left)) return null;
  if (left <= 0) {
    return <span className="countdown countdown-secondary countdown-done">{doneText}</span>;
  }
  const type = left < 3_600_000 ? 'danger' : left < 86_400_000 ? 'warning' : undefined;
  return (
    <span
      className={type ? `countdown countdown-${type}` : 'countdown'}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      role="timer"
    >
      {showIcon && <ClockCircleOutlined style={{ marginRight: 4 }} />}
      {prefix}
      {formatCountdown(left)}
    </span>
  );
}
