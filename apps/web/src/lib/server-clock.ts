import { publicRoutes } from '@tender/contracts/browser';
import { createStore } from './create-store';
import { request } from './request';

/**
 * The server's clock as the browser sees it. Deadlines are the server's (PRODUCT.md: the
 * server's clock is the only clock), so countdowns add the offset learned from system-info's
 * `serverTime` to the browser's own time: offset = serverTime − the midpoint of the round trip.
 */
export const serverOffsetStore = createStore(0);

/** Re-learn the offset after this long (the browser's clock may drift or be changed). */
export const RESYNC_MS = 5 * 60_000;

let lastSync = Number.NEGATIVE_INFINITY;
let syncing: Promise<void> | null = null;

/** The server's current time in milliseconds. */
export const serverNow = () => Date.now() + serverOffsetStore.get();

/** Milliseconds from the server's now until `deadline` (negative once it has passed). */
export const msUntil = (deadline: string | number | Date) =>
  new Date(deadline).getTime() - serverNow();

/** Fetches system-info and learns the offset; a failed call keeps the last offset. */
export function syncServerClock(): Promise<void> {
  syncing ??= (async () => {
    const sentAt = Date.now();
    try {
      const info = await request(publicRoutes.systemInfo, {}, { quiet: true });
      const receivedAt = Date.now();
      const server = info.serverTime ? Date.parse(info.serverTime) : NaN;
      if (Number.isFinite(server)) {
        serverOffsetStore.set(Math.round(server - (sentAt + receivedAt) / 2));
        lastSync = receivedAt;
      }
    } catch {
      // No answer: countdowns keep the last known offset (0 before the first answer).
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

/** Syncs when the offset was never learned or is older than RESYNC_MS. */
export function ensureServerClock(): Promise<void> {
  if (Date.now() - lastSync < RESYNC_MS) return Promise.resolve();
  return syncServerClock();
}

/** Tests: forget what was learned. */
export function resetServerClock(offsetMs = 0, syncedAt = Number.NEGATIVE_INFINITY) {
  serverOffsetStore.set(offsetMs);
  lastSync = syncedAt;
  syncing = null;
}
