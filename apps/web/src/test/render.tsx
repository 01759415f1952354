import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** antd reads media queries and observes sizes for its responsive pieces; jsdom has neither. */
export function stubBrowserLayout() {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
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

/** Renders a screen or component with a fresh query cache, a router at `path`, and antd's App. */
export function renderWithApp(node: ReactNode, path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConfigProvider locale={zhCN}>
          <App>{node}</App>
        </ConfigProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
