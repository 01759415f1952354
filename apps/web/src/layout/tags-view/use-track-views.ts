import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { layoutRoutes, type RouteHandle } from '@/app/route-table';
import { allowedPaths } from '@/lib/menu';
import { useUserMenu } from '@/stores/session';
import { addView, tagsStore, type VisitedView } from '@/stores/tags-view';

const viewOf = (handle: RouteHandle, path: string, fullPath: string): VisitedView | null =>
  handle.name
    ? {
        name: handle.name,
        path,
        fullPath,
        title: handle.title ?? '',
        affix: !!handle.affix,
        noCache: !!handle.noCache,
      }
    : null;

/** Adds the affix tabs the user may open, then a tab for every page visited. */
export function useTrackVisitedViews() {
  const { pathname, search } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const menuList = useUserMenu()?.menuList;

  useEffect(() => {
    const permitted = allowedPaths(menuList ?? []);
    const affix = layoutRoutes
      .filter((route) => route.meta.affix && permitted.has(route.path))
      .map((route) => viewOf({ ...route.meta, name: route.name }, route.path, route.path));
    affix.forEach((view) => view && tagsStore.set((s) => addView(s, view)));
  }, [menuList]);

  useEffect(() => {
    const view = handle && viewOf(handle, pathname, pathname + search);
    if (view) tagsStore.set((s) => addView(s, view));
  }, [handle, pathname, search]);
}
