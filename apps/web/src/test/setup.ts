import { afterEach } from 'vitest';

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
