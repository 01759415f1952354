import type { MenuEntry, UserMenu } from '@tender/contracts';
import { authRoutes } from '@tender/contracts/browser';
import { createStore, useStore } from '@/lib/create-store';
import { removeToken } from '@/lib/auth-storage';
import { request } from '@/lib/request';
import { assertUsableMenu } from '@/lib/menu';
import { resetTags } from './tags-view';

/** Session-storage keys of the original client besides the token. */
export const MENU_LIST_KEY = 'menuList';
export const REAL_NAME_KEY = 'realName';

const menuStore = createStore<UserMenu | null>(null);

export const getUserMenu = () => menuStore.get();

/** The signed-in user's menu, name, role and button powers; null before the first load. */
export const useUserMenu = (): UserMenu | null => useStore(menuStore);

export function setUserMenu(menu: UserMenu) {
  sessionStorage.setItem(MENU_LIST_KEY, JSON.stringify(menu.menuList));
  sessionStorage.setItem(REAL_NAME_KEY, menu.realName);
  menuStore.set(menu);
}

/** The menu list kept in session storage (the guard's source of permitted paths). */
export function getStoredMenuList(): MenuEntry[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(MENU_LIST_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as MenuEntry[]) : [];
  } catch {
    return [];
  }
}

/**
 * Fetches the menu for the token and keeps it; an unusable answer is a login failure with the
 * original's messages. Quiet: the guard and the login page show the failure themselves.
 */
export async function loadUserMenu(): Promise<UserMenu> {
  let data: UserMenu | undefined;
  try {
    data = await request(authRoutes.listMenuByUser, {}, { quiet: true, confirmLogout: false });
  } catch {
    data = undefined;
  }
  const menu = assertUsableMenu(data);
  setUserMenu(menu);
  return menu;
}

/** Re-reads the menu after a change to the user's own role or powers. */
export async function refreshUserMenu(): Promise<void> {
  setUserMenu(await request(authRoutes.listMenuByUser, {}));
}

/** Reset: token, menu and real name go, and every tab closes. */
export function resetSession() {
  removeToken();
  sessionStorage.removeItem(MENU_LIST_KEY);
  sessionStorage.removeItem(REAL_NAME_KEY);
  menuStore.set(null);
  resetTags();
}

/** The leaving flow (logout) clears all of session storage. */
export function leaveSession() {
  resetSession();
  sessionStorage.clear();
}

/** Tells the server to revoke the token; the client leaves whatever it answers. */
export async function logout() {
  try {
    await request(authRoutes.logout, undefined, { quiet: true, confirmLogout: false });
  } catch {
    // An expired or revoked token is already logged out on the server.
  }
}
