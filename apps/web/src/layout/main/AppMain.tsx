import { Activity, useEffect, useEffectEvent, type ReactNode } from 'react';
import {
  NavigationType,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useMatches,
  useOutlet,
  type Location,
} from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { createStore, useStore } from '@/lib/create-store';
import { tagsStore } from '@/stores/tags-view';

interface KeptView {
  element: ReactNode;
  location: Location;
}

/** The last rendering of each cached view, keyed by route name. */
const keptViews = createStore<Record<string, KeptView>>({});

/** Each view sees its own location, so a hidden one never reacts to another page's URL. */
function ViewFrame({ location, children }: { location: Location; children: ReactNode }) {
  return (
    <LocationContext.Provider value={{ location, navigationType: NavigationType.Pop }}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </LocationContext.Provider>
  );
}

/**
 * The open screen, with the screens of the other tabs kept alive but hidden through React's
 * `<Activity>` (state kept, effects paused); routes with `meta.noCache` are not kept.
 */
export function AppMain() {
  const outlet = useOutlet();
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const cached = useStore(tagsStore, (s) => s.cached);
  const kept = useStore(keptViews);
  const currentKey = handle?.name ?? location.pathname;
  const cacheable = !!handle?.name && cached.includes(handle.name);

  const remember = useEffectEvent(() => {
    keptViews.set((views) => {
      const next = Object.fromEntries(
        Object.entries(views).filter(([key]) => cached.includes(key)),
      );
      if (cacheable) next[currentKey] = { element: outlet, location };
      return next;
    });
  });
  useEffect(() => remember(), [currentKey, location, cacheable, cached]);

  const keys = Object.keys(kept).filter((key) => key !== currentKey && cached.includes(key));
  return (
    <div className="app-main">
      {[...keys, currentKey].map((key) => {
        const active = key === currentKey;
        const view = active ? { element: outlet, location } : kept[key];
        if (!view) return null;
        return (
          <Activity key={key} mode={active ? 'visible' : 'hidden'}>
            <ViewFrame location={view.location}>{view.element}</ViewFrame>
          </Activity>
        );
      })}
    </div>
  );
}
