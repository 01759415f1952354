/** Injected so that deadline and lock-out logic is tested without sleeping. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock plus an offset that only moves forward. Browser tests use it (TEST_CLOCK=1,
 * never in production) to let a three-day publicity pass without waiting three days; every rule
 * reads deps.clock, so they all move together.
 */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
  offsetMs(): number;
}

export function adjustableClock(base: Clock = systemClock): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance(ms) {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
