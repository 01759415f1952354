/** Injected so that deadline and lock-out logic is tested without sleeping. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
