import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import FeedbackHost from '@/components/FeedbackHost';

/** Whether a `(min-width: …)` / `(max-width: …)` media query holds at `width` pixels. */
const holds = (query: string, width: number) => {
  const min = /min-width:\s*(\d+)/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
};

/**
 * antd reads media queries and observes sizes for its responsive pieces; jsdom has neither.
 * Media queries answer as a screen `width` pixels wide (a desktop by default).
 */
export function stubBrowserLayout(width = 1440) {
  window.matchMedia = ((query: string) => ({
    matches: holds(query, width),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Renders a screen or component with a fresh query cache, a router at `path`, and the message/dialog host. */
export function renderWithApp(node: ReactNode, path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConfigProvider locale={zhCN}>
          <FeedbackHost />
          {node}
        </ConfigProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
