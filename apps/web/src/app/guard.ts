import type { MenuEntry, UserMenu } from '@tender/contracts';
import { allowedPaths, landingPath } from '@/lib/menu';
import type { RouteMeta } from '@/lib/route-handle';
import { HOME_PATH, PUBLIC_PATHS, findRoute } from './route-table';

/** The original's route filter: no roles meta means open; role admin sees everything. */
export function hasRoutePermission(roles: string[], meta: RouteMeta | undefined): boolean {
  if (!meta?.roles) return true;
  if (roles.includes('admin')) return true;
  return roles.some((role) => meta.roles?.includes(role));
}

export function filterRoutesByRoles<R extends { meta: RouteMeta; children?: R[] }>(
  routes: R[],
  roles: string[],
): R[] {
  return routes
    .filter((route) => hasRoutePermission(roles, route.meta))
    .map((route) =>
      route.children ? { ...route, children: filterRoutesByRoles(route.children, roles) } : route,
    );
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Fetch the menu, then decide again. */
  | { kind: 'load-menu' };

export interface GuardInput {
  path: string;
  token: string | null;
  /** The menu loaded in this page's life; null until the first navigation after login fetches it. */
  menu: UserMenu | null;
  /** The menu list kept in session storage, which decides the permitted paths. */
  storedMenuList: MenuEntry[];
  /** Meta of the route at `path`, for the roles filter. */
  meta?: RouteMeta;
}

const allow: GuardDecision = { kind: 'allow' };
const redirectTo = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** The navigation guard of the original specification, as a pure decision. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { path, token, menu, storedMenuList } = input;
  if (path === '/') return redirectTo(HOME_PATH);
  if (!token) return PUBLIC_PATHS.includes(path) ? allow : redirectTo(`/login?redirect=${path}`);
  if (PUBLIC_PATHS.includes(path) && path !== '/login') return allow;
  if (!menu) return { kind: 'load-menu' };
  if (path === '/login')
    return redirectTo(landingPath({ menuList: storedMenuList, roles: menu.roles }) ?? HOME_PATH);
  if (path.startsWith('/redirect/')) return allow;
  const meta = input.meta ?? findRoute(path)?.meta;
  const permitted = allowedPaths(storedMenuList).has(path) && hasRoutePermission(menu.roles, meta);
  return permitted ? allow : redirectTo('/404');
}
