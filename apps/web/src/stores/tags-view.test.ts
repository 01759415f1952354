import { describe, expect, it } from 'vitest';
import {
  NO_NAME,
  addView,
  closeAllTags,
  closeOtherTags,
  closeTag,
  emptyTags,
  refreshTag,
  type TagsState,
  type VisitedView,
} from './tags-view';

const view = (name: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  name,
  path: `/${name}`,
  fullPath: `/${name}`,
  title: name,
  affix: false,
  noCache: false,
  ...extra,
});
const open = (...views: VisitedView[]): TagsState => views.reduce(addView, emptyTags);
const paths = (state: TagsState) => state.visited.map((v) => v.path);

const home = view('home', { affix: true });
const a = view('a');
const b = view('b');
const c = view('c');

describe('tags view', () => {
  it('adds a tab once per path and caches its view once per name', () => {
    const state = open(a, b, { ...a, fullPath: '/a?page=2' });
    expect(paths(state)).toEqual(['/a', '/b']);
    expect(state.visited[0]?.fullPath).toBe('/a?page=2');
    expect(state.cached).toEqual(['a', 'b']);
  });

  it("falls back to 'no-name' for a route without a title", () => {
    expect(open(view('x', { title: '' })).visited[0]?.title).toBe(NO_NAME);
  });

  it('does not cache noCache routes', () => {
    const state = open(a, view('detail', { noCache: true }));
    expect(paths(state)).toEqual(['/a', '/detail']);
    expect(state.cached).toEqual(['a']);
  });

  it('closes a tab and its cache; closing the open one goes to the last remaining tab', () => {
    const { state, navigate } = closeTag(open(a, b, c), c, '/c');
    expect(paths(state)).toEqual(['/a', '/b']);
    expect(state.cached).toEqual(['a', 'b']);
    expect(navigate).toEqual({ to: '/b' });
  });

  it('keeps the query of the tab it returns to', () => {
    const state = open({ ...a, fullPath: '/a?page=3' }, b);
    expect(closeTag(state, b, '/b').navigate).toEqual({ to: '/a?page=3' });
  });

  it('stays put when closing a tab that is not open', () => {
    const result = closeTag(open(a, b, c), a, '/c');
    expect(paths(result.state)).toEqual(['/b', '/c']);
    expect(result.navigate).toBeUndefined();
  });

  it('goes to the login page when the last tab closes', () => {
    const { state, navigate } = closeTag(open(a), a, '/a');
    expect(state.visited).toEqual([]);
    expect(navigate).toEqual({ to: '/login' });
  });

  it('never closes an affix tab', () => {
    const before = open(home, a);
    const result = closeTag(before, home, '/home');
    expect(result.state).toBe(before);
    expect(result.navigate).toBeUndefined();
  });

  it('close others keeps the affix tabs and the chosen one, with only its cache, and opens it', () => {
    const { state, navigate } = closeOtherTags(open(home, a, b, c), b);
    expect(paths(state)).toEqual(['/home', '/b']);
    expect(state.cached).toEqual(['b']);
    expect(navigate).toEqual({ to: '/b' });
  });

  it('close all keeps only affix tabs, drops every cache and goes to the last remaining tab', () => {
    const { state, navigate } = closeAllTags(open(home, a, b), b);
    expect(paths(state)).toEqual(['/home']);
    expect(state.cached).toEqual([]);
    expect(navigate).toEqual({ to: '/home' });
  });

  it('close all from an affix tab stays there', () => {
    const { navigate } = closeAllTags(open(home, a), home);
    expect(navigate).toBeUndefined();
  });

  it('close all without affix tabs goes to the login page', () => {
    const { state, navigate } = closeAllTags(open(a, b), a);
    expect(state.visited).toEqual([]);
    expect(navigate).toEqual({ to: '/login' });
  });

  it('refresh drops the view cache and re-mounts it through /redirect', () => {
    const state = open(a, { ...b, fullPath: '/b?id=7' });
    const result = refreshTag(state, state.visited[1]!);
    expect(paths(result.state)).toEqual(['/a', '/b']);
    expect(result.state.cached).toEqual(['a']);
    expect(result.navigate).toEqual({ to: '/redirect/b?id=7', replace: true });
  });
});
