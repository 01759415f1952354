import { Outlet } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates in Chinese: formatting, and the month and week names of Ant Design's date pickers.
dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  // The request wrapper already shows each failure; retrying would repeat the message.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/**
 * What screens that show server data need, for the routes under it (the layout and the public
 * pages that query): the server-state cache and dayjs's zh-cn locale. A route of its own, so the
 * pages that need neither (the login page) load neither. The router loads it with the matched
 * screen, in parallel, and evaluates it before any screen under it renders. The client lives as
 * long as the page, so the cache outlives a visit to such a page.
 */
export default function DataShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
