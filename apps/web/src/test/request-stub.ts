import { beforeEach, vi } from 'vitest';
import { request, setRequestStandIn } from '@/lib/request';

type Call = Parameters<typeof request>;
let installed: ((...call: Call) => Promise<unknown>) | undefined;
const install = (standIn: typeof installed) => {
  installed = standIn;
  setRequestStandIn(standIn);
};

/**
 * A mock that answers every `request` of this file's tests in place of the network, as
 * `vi.mock('@/lib/request')` did, but through the client's own seam: no module registry of its
 * own, so the file shares the `web` project's worker. Installed now (for hooks that run before
 * the first test) and before each test; setup.ts removes it after each test, so nothing a file
 * leaves behind answers another file's calls.
 */
export function mockRequest(impl?: (...call: Call) => Promise<unknown>) {
  const mock = vi.fn<typeof request>(impl as typeof request | undefined);
  install(mock);
  beforeEach(() => install(mock));
  return mock;
}

/** Removes the stand-in (setup.ts, after each test): calls go over fetch again. */
export const removeRequestMock = () => install(undefined);

/**
 * The client's real `request` (over `fetch`, which the test stubs), for a stand-in that lets one
 * route through: the seam is read when the call starts, so it is off for that moment only.
 */
export function requestOverFetch(...call: Call) {
  const standIn = installed;
  setRequestStandIn(undefined);
  try {
    return request(...call);
  } finally {
    setRequestStandIn(standIn);
  }
}
