import Fuse, { type IFuseOptions } from 'fuse.js';
import type { MenuEntry } from '@tender/contracts';

export interface SearchableMenu {
  path: string;
  /** The menu's title preceded by its parents' titles. */
  title: string[];
}

/** The original's matcher options, exactly. */
export const HEADER_SEARCH_OPTIONS: IFuseOptions<SearchableMenu> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** Every visible screen the user has, titled with its parents ("权限管理 > 角色管理"). */
export function searchableMenus(menuList: MenuEntry[], parents: string[] = []): SearchableMenu[] {
  return menuList
    .filter((entry) => !entry.hidden)
    .flatMap((entry) => {
      const title = [...parents, entry.title];
      const self = parents.length > 0 ? [{ path: entry.powerUrl, title }] : [];
      return [...self, ...searchableMenus(entry.subList, title)];
    });
}

export const createMenuSearch = (menus: SearchableMenu[]) => new Fuse(menus, HEADER_SEARCH_OPTIONS);

export const searchLabel = (menu: SearchableMenu) => menu.title.join(' > ');
