import { afterEach } from 'vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait for what the user waits for: a busy 2-core machine renders an Ant
// Design screen in jsdom slower than the library's 1 s default, so allow as long as a user would.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

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
