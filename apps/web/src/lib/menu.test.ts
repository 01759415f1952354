import { describe, expect, it } from 'vitest';
import { adminMenuList, bidderMenuList, entry, userMenu } from '@/test/menu-fixtures';
import {
  ROLES_REQUIRED,
  VERIFICATION_FAILED,
  activeMenuPath,
  allowedPaths,
  assertUsableMenu,
  firstMenuPath,
  landingPath,
  menuTrail,
} from './menu';

describe('menu helpers', () => {
  it('permits the screens and their hidden details, never the groups', () => {
    const paths = allowedPaths(bidderMenuList);
    expect([...paths].sort()).toEqual(
      [
        '/announcement',
        '/announcementDetail',
        '/bidding',
        '/downloadTender',
        '/tenderMsg',
        '/updateInfo',
      ].sort(),
    );
    expect(paths.has('/bid')).toBe(false);
  });

  it("takes the first group's first screen as the landing path", () => {
    expect(firstMenuPath(adminMenuList)).toBe('/tenderMsg');
    expect(firstMenuPath([entry('/system', '系统管理', [entry('/dictionary', '数据字典')])])).toBe(
      '/dictionary',
    );
    expect(firstMenuPath([])).toBeUndefined();
  });

  it('lands each role on its own screen, when its menu holds it, else on the first entry', () => {
    expect(landingPath(userMenu(adminMenuList, ['admin']))).toBe('/administrator');
    expect(landingPath(userMenu(adminMenuList, ['tender_manager']))).toBe('/tender_list');
    expect(landingPath(userMenu(bidderMenuList, ['bidder']))).toBe('/tenderMsg');
    // A role whose screen was taken away, or a role of the administrator's own making.
    const dictionaryOnly = [entry('/system', '系统管理', [entry('/dictionary', '数据字典')])];
    expect(landingPath(userMenu(dictionaryOnly, ['admin']))).toBe('/dictionary');
    expect(landingPath(userMenu(bidderMenuList, ['auditor']))).toBe('/tenderMsg');
  });

  it('finds the trail to a page and lights the parent of a hidden detail', () => {
    expect(menuTrail(adminMenuList, '/role').map((e) => e.title)).toEqual(['权限管理', '角色管理']);
    expect(activeMenuPath(adminMenuList, '/denderManagement_details')).toBe('/tender_list');
    expect(activeMenuPath(adminMenuList, '/nowhere')).toBe('/nowhere');
  });

  it('fails the login with the original messages on an unusable menu', () => {
    expect(() => assertUsableMenu(undefined)).toThrow(VERIFICATION_FAILED);
    expect(() => assertUsableMenu(userMenu(adminMenuList, []))).toThrow(ROLES_REQUIRED);
    expect(() => assertUsableMenu(userMenu([], ['bidder']))).toThrow(ROLES_REQUIRED);
    expect(() => assertUsableMenu(userMenu([entry('/bid', '招标投标')], ['bidder']))).toThrow(
      ROLES_REQUIRED,
    );
    const ok = userMenu(bidderMenuList, ['bidder']);
    expect(assertUsableMenu(ok)).toBe(ok);
  });
});
