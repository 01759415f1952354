import { describe, expect, it } from 'vitest';
import { adminMenuList, bidderMenuList } from '@/test/menu-fixtures';
import {
  HEADER_SEARCH_OPTIONS,
  createMenuSearch,
  searchLabel,
  searchableMenus,
} from './header-search';

describe('header search', () => {
  it("uses the original's fuse options", () => {
    expect(HEADER_SEARCH_OPTIONS).toMatchObject({
      shouldSort: true,
      threshold: 0.4,
      location: 0,
      distance: 100,
      minMatchCharLength: 1,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  });

  it('lists every visible screen titled with its parents, without groups or hidden details', () => {
    const menus = searchableMenus(bidderMenuList);
    expect(menus.map(searchLabel)).toEqual([
      '招标投标 > 招标信息',
      '招标投标 > 投标报价',
      '公告 > 中标公告',
      '个人中心 > 个人信息',
    ]);
  });

  it('finds 角色管理 by typing 角色', () => {
    const results = createMenuSearch(searchableMenus(adminMenuList)).search('角色');
    expect(results[0]?.item.path).toBe('/role');
  });

  it('matches on the path too', () => {
    const results = createMenuSearch(searchableMenus(adminMenuList)).search('dictionary');
    expect(results[0]?.item.path).toBe('/dictionary');
  });

  it('only offers the menus the user has', () => {
    const results = createMenuSearch(searchableMenus(bidderMenuList)).search('用户管理');
    expect(results.map((r) => r.item.path)).not.toContain('/administrator');
  });
});
