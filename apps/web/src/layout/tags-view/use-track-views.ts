import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle, RouteMeta } from '@/lib/route-handle';
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

/** A route whose tab cannot be closed (`meta.affix`), from app/'s route table. */
export interface AffixRoute {
  path: string;
  name?: string;
  meta: RouteMeta;
}

/** Adds the affix tabs the user may open, then a tab for every page visited. */
export function useTrackVisitedViews(affixRoutes: readonly AffixRoute[]) {
  const { pathname, search } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const menuList = useUserMenu()?.menuList;

  useEffect(() => {
    const permitted = allowedPaths(menuList ?? []);
    const affix = affixRoutes
      .filter((route) => permitted.has(route.path))
      .map((route) => viewOf({ ...route.meta, name: route.name }, route.path, route.path));
    affix.forEach((view) => view && tagsStore.set((s) => addView(s, view)));
  }, [affixRoutes, menuList]);

  useEffect(() => {
    const view = handle && viewOf(handle, pathname, pathname + search);
    if (view) tagsStore.set((s) => addView(s, view));
  }, [handle, pathname, search]);
}
