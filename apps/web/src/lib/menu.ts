import type { MenuEntry, UserMenu } from '@tender/contracts';

export const VERIFICATION_FAILED = 'Verification failed, please Login again.';
export const ROLES_REQUIRED = 'getInfo: roles must be a non-null array!';

/**
 * The server's menu is a tree: groups at the top, their screens below, and hidden detail
 * screens as children of the screen they belong to.
 */

/** Every path at depth 2 or more: the screens and their hidden details. */
export function allowedPaths(menuList: MenuEntry[]): Set<string> {
  const paths = new Set<string>();
  const walk = (entries: MenuEntry[]) =>
    entries.forEach((entry) => {
      paths.add(entry.powerUrl);
      walk(entry.subList);
    });
  menuList.forEach((group) => walk(group.subList));
  return paths;
}

/** The first menu entry's first child: where a signed-in user lands. */
export function firstMenuPath(menuList: MenuEntry[]): string | undefined {
  return menuList[0]?.subList[0]?.powerUrl ?? [...allowedPaths(menuList)][0];
}

/**
 * Where each role starts its day, when its menu holds that screen: the shared menu tree opens
 * with the bidders' 招标信息, which is empty for an administrator or a tender manager.
 */
const ROLE_HOME: Record<string, string> = {
  admin: '/administrator',
  tender_manager: '/tender_list',
  bidder: '/tenderMsg',
};

/** Where a signed-in user lands: their role's own screen, else the first menu entry. */
export function landingPath(menu: Pick<UserMenu, 'menuList' | 'roles'>): string | undefined {
  const allowed = allowedPaths(menu.menuList);
  const home = menu.roles.map((role) => ROLE_HOME[role]).find((path) => path && allowed.has(path));
  return home ?? firstMenuPath(menu.menuList);
}

/** The chain of entries from a group down to the entry with `path`, or [] when absent. */
export function menuTrail(menuList: MenuEntry[], path: string): MenuEntry[] {
  for (const entry of menuList) {
    if (entry.powerUrl === path) return [entry];
    const below = menuTrail(entry.subList, path);
    if (below.length) return [entry, ...below];
  }
  return [];
}

/** The sidebar entry to highlight: a hidden detail screen lights its parent screen. */
export function activeMenuPath(menuList: MenuEntry[], path: string): string {
  const visible = menuTrail(menuList, path).filter((entry) => !entry.hidden);
  return visible.at(-1)?.powerUrl ?? path;
}

/** An answer to list-menu-by-user that cannot start a session fails the login. */
export function assertUsableMenu(data: UserMenu | null | undefined): UserMenu {
  if (!data) throw new Error(VERIFICATION_FAILED);
  if (!Array.isArray(data.roles) || data.roles.length === 0) throw new Error(ROLES_REQUIRED);
  if (!Array.isArray(data.menuList) || allowedPaths(data.menuList).size === 0) {
    throw new Error(ROLES_REQUIRED);
  }
  return data;
}
