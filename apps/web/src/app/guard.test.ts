import { describe, expect, it } from 'vitest';
import { adminMenuList, bidderMenuList, userMenu } from '@/test/menu-fixtures';
import {
  decideNavigation,
  filterRoutesByRoles,
  hasRoutePermission,
  type GuardInput,
} from './guard';

const bidder = userMenu(bidderMenuList, ['bidder']);
const admin = userMenu(adminMenuList, ['admin']);
const signedIn = (path: string, menu = bidder): GuardInput => ({
  path,
  token: 'tok',
  menu,
  storedMenuList: menu.menuList,
});
const anonymous = (path: string): GuardInput => ({
  path,
  token: null,
  menu: null,
  storedMenuList: [],
});

describe('navigation guard', () => {
  it('sends / to the public search page, signed in or not', () => {
    expect(decideNavigation(anonymous('/'))).toEqual({ kind: 'redirect', to: '/tenderMsgSearch' });
    expect(decideNavigation(signedIn('/'))).toEqual({ kind: 'redirect', to: '/tenderMsgSearch' });
  });

  it.each(['/login', '/register', '/tenderMsgSearch', '/auth-redirect', '/404', '/401'])(
    'lets an anonymous user open the public page %s',
    (path) => expect(decideNavigation(anonymous(path))).toEqual({ kind: 'allow' }),
  );

  it('sends an anonymous user to the login page with the path to come back to', () => {
    expect(decideNavigation(anonymous('/tender_list'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/tender_list',
    });
    expect(decideNavigation(anonymous('/no-such-page'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/no-such-page',
    });
  });

  it('fetches the menu on the first navigation after login, then decides', () => {
    const fresh: GuardInput = { path: '/bidding', token: 'tok', menu: null, storedMenuList: [] };
    expect(decideNavigation(fresh)).toEqual({ kind: 'load-menu' });
    expect(decideNavigation({ ...fresh, path: '/login' })).toEqual({ kind: 'load-menu' });
  });

  it('does not need the menu for public pages other than login', () => {
    const fresh: GuardInput = {
      path: '/tenderMsgSearch',
      token: 'tok',
      menu: null,
      storedMenuList: [],
    };
    expect(decideNavigation(fresh)).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user opening /login to the screen their role starts on', () => {
    expect(decideNavigation(signedIn('/login'))).toEqual({ kind: 'redirect', to: '/tenderMsg' });
    expect(decideNavigation(signedIn('/login', admin))).toEqual({
      kind: 'redirect',
      to: '/administrator',
    });
  });

  it('allows child paths of the stored menu, hidden details included', () => {
    expect(decideNavigation(signedIn('/bidding'))).toEqual({ kind: 'allow' });
    expect(decideNavigation(signedIn('/announcementDetail'))).toEqual({ kind: 'allow' });
    expect(decideNavigation(signedIn('/redirect/bidding'))).toEqual({ kind: 'allow' });
  });

  it('sends any other path to /404', () => {
    expect(decideNavigation(signedIn('/administrator'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideNavigation(signedIn('/bid'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideNavigation(signedIn('/no-such-page'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideNavigation(signedIn('/administrator', admin))).toEqual({ kind: 'allow' });
  });

  it('reads permitted paths from the menu kept in session storage', () => {
    const input = { ...signedIn('/administrator'), storedMenuList: adminMenuList };
    expect(decideNavigation(input)).toEqual({ kind: 'allow' });
  });

  it('applies the meta.roles filter on top of the menu', () => {
    const meta = { title: '投标报价', roles: ['tender_manager'] };
    expect(decideNavigation({ ...signedIn('/bidding'), meta })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    const adminWithBidderMenu = {
      ...signedIn('/bidding'),
      menu: { ...bidder, roles: ['admin'] },
      meta,
    };
    expect(decideNavigation(adminWithBidderMenu)).toEqual({ kind: 'allow' });
  });
});

describe('meta.roles route filter', () => {
  const routes = [
    { path: '/open', meta: {} },
    { path: '/managers', meta: { roles: ['tender_manager'] } },
    {
      path: '/group',
      meta: {},
      children: [
        { path: '/group/bidders', meta: { roles: ['bidder'] } },
        { path: '/group/open', meta: {} },
      ],
    },
  ];

  it('keeps routes without roles for everyone', () => {
    expect(hasRoutePermission([], {})).toBe(true);
    expect(hasRoutePermission(['bidder'], undefined)).toBe(true);
  });

  it('keeps a route when one of the user roles is listed', () => {
    expect(filterRoutesByRoles(routes, ['bidder']).map((r) => r.path)).toEqual(['/open', '/group']);
    expect(filterRoutesByRoles(routes, ['bidder'])[1]?.children?.map((r) => r.path)).toEqual([
      '/group/bidders',
      '/group/open',
    ]);
    expect(
      filterRoutesByRoles(routes, ['tender_manager'])[2]?.children?.map((r) => r.path),
    ).toEqual(['/group/open']);
  });

  it('lets role admin see every route', () => {
    expect(filterRoutesByRoles(routes, ['admin']).map((r) => r.path)).toEqual([
      '/open',
      '/managers',
      '/group',
    ]);
    expect(hasRoutePermission(['admin'], { roles: ['bidder'] })).toBe(true);
  });
});
