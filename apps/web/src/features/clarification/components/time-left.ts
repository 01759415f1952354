import { formatCountdown } from '@/components/Countdown';

/** Under this long to answer, the time left shows red. */
export const URGENT_MS = 30 * 60_000;

/** The time left to answer, as the bidder reads it: a countdown, red when short, 已超时 after. */
export function timeLeftOf(
  answerBy: string,
  now: number,
): { text: string; urgent: boolean; over: boolean } {
  const left = Date.parse(answerBy) - now;
  if (left <= 0) return { text: '已超时', urgent: true, over: true };
  return { text: `剩余 ${formatCountdown(left)}`, urgent: left < URGENT_MS, over: false };
}
