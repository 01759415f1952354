import { afterEach } from 'vitest';
import { configure } from '@testing-library/react';
import { resetSession } from '@/stores/session';
import { removeRequestMock } from './request-stub';

// findBy… and waitFor wait for what the user waits for: a busy 2-core machine renders an Ant
// Design screen in jsdom slower than the library's 1 s default, so allow as long as a user would.
configure({ asyncUtilTimeout: 10_000 });

// Files share one worker (the `web` project): each starts signed out, whatever the last one left.
resetSession();

afterEach(() => {
  removeRequestMock();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// jsdom has no object URLs; a saved download (lib/file-download) makes and revokes one.
URL.createObjectURL ??= () => 'blob:test';
URL.revokeObjectURL ??= () => {};

// jsdom lays nothing out and has no ResizeObserver. This one reports each element once when it
// is first observed, as a browser does, so code that waits for that first report runs.
globalThis.ResizeObserver ??= class {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.report([{ target } as ResizeObserverEntry], this));
  }
  unobserve() {}
  disconnect() {}
};
