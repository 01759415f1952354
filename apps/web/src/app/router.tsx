import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';
import { layoutRoutes, publicRoutes, type AppRoute } from './route-table';
import { guardLoader } from './guard-loader';
import RootShell from './RootShell';
import RedirectScreen from './RedirectScreen';
import { BootScreen } from './BootScreen';

const RouteErrorScreen = lazy(() => import('./RouteErrorScreen'));
function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteErrorScreen />
    </Suspense>
  );
}

const toRouteObject = (route: AppRoute): RouteObject => ({
  id: route.path,
  path: route.path,
  handle: { ...route.meta, name: route.name } satisfies RouteHandle,
  lazy: async () => ({ Component: (await route.screen()).default }),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: guardLoader,
    // The guard must run on every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    Component: RootShell,
    // Loaded only when a navigation fails: Result's illustrations stay out of every first load.
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: BootScreen,
    children: [
      ...publicRoutes.filter((route) => route.queryFree).map(toRouteObject),
      {
        // The server-state cache and dayjs's locale, loaded with the first route under it.
        id: 'data',
        lazy: async () => ({ Component: (await import('./DataShell')).default }),
        children: [
          ...publicRoutes.filter((route) => !route.queryFree).map(toRouteObject),
          {
            id: 'layout',
            lazy: async () => ({ Component: (await import('./LayoutRoute')).default }),
            children: [
              ...layoutRoutes.map(toRouteObject),
              {
                id: 'redirect',
                path: '/redirect/*',
                handle: { noCache: true } satisfies RouteHandle,
                Component: RedirectScreen,
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
