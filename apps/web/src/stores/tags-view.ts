import { createStore } from '@/lib/create-store';

/** A visited page in the tab strip (one per path). */
export interface VisitedView {
  /** The route's name; the keep-alive cache is keyed by it. */
  name: string;
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
  noCache: boolean;
}

export interface TagsState {
  visited: VisitedView[];
  /** Names of the views kept alive while hidden. */
  cached: string[];
}

export const NO_NAME = 'no-name';
export const emptyTags: TagsState = { visited: [], cached: [] };

/** Adds a tab once per path (a revisit only updates its query) and caches it unless noCache. */
export function addView(state: TagsState, view: VisitedView): TagsState {
  const existing = state.visited.find((v) => v.path === view.path);
  const visited = existing
    ? state.visited.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath } : v))
    : [...state.visited, { ...view, title: view.title || NO_NAME }];
  const cached =
    view.noCache || state.cached.includes(view.name) ? state.cached : [...state.cached, view.name];
  return { visited, cached };
}

export function delView(state: TagsState, view: VisitedView): TagsState {
  if (view.affix) return state;
  return {
    visited: state.visited.filter((v) => v.path !== view.path),
    cached: state.cached.filter((name) => name !== view.name),
  };
}

export function delCachedView(state: TagsState, view: VisitedView): TagsState {
  return { ...state, cached: state.cached.filter((name) => name !== view.name) };
}

/** Keeps the affix tabs and the given one; only its cache survives. */
export function delOthersViews(state: TagsState, view: VisitedView): TagsState {
  return {
    visited: state.visited.filter((v) => v.affix || v.path === view.path),
    cached: state.cached.filter((name) => name === view.name),
  };
}

/** Keeps the affix tabs and drops every cache. */
export function delAllViews(state: TagsState): TagsState {
  return { visited: state.visited.filter((v) => v.affix), cached: [] };
}

/** Where to go when the open page's tab is gone: the last remaining tab, else the login page. */
export const lastViewPath = (visited: VisitedView[]) => visited.at(-1)?.fullPath ?? '/login';

export interface TagCommandResult {
  state: TagsState;
  /** Where to navigate afterwards, if anywhere; `replace` for the refresh redirect. */
  navigate?: { to: string; replace?: boolean };
}

export function closeTag(
  state: TagsState,
  view: VisitedView,
  activePath: string,
): TagCommandResult {
  const next = delView(state, view);
  if (next === state || view.path !== activePath) return { state: next };
  return { state: next, navigate: { to: lastViewPath(next.visited) } };
}

export function closeOtherTags(state: TagsState, view: VisitedView): TagCommandResult {
  return { state: delOthersViews(state, view), navigate: { to: view.fullPath } };
}

export function closeAllTags(state: TagsState, view: VisitedView): TagCommandResult {
  const next = delAllViews(state);
  if (next.visited.some((v) => v.path === view.path)) return { state: next };
  return { state: next, navigate: { to: lastViewPath(next.visited) } };
}

export function refreshTag(state: TagsState, view: VisitedView): TagCommandResult {
  return {
    state: delCachedView(state, view),
    navigate: { to: `/redirect${view.fullPath}`, replace: true },
  };
}

export const tagsStore = createStore<TagsState>(emptyTags);

/** Logout and session reset close every tab. */
export const resetTags = () => tagsStore.set(emptyTags);
