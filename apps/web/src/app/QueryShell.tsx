import { Outlet } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  // The request wrapper already shows each failure; retrying would repeat the message.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/**
 * The server-state cache for the routes under it: the layout and the public pages that query.
 * A route of its own, so the pages that query nothing (the login page) load no react-query.
 * The client lives as long as the page, so the cache outlasts a visit to such a page.
 */
export default function QueryShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
