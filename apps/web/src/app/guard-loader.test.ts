import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { getToken, setToken } from '@/lib/auth-storage';
import { bindFeedback } from '@/lib/feedback';
import { ROLES_REQUIRED, VERIFICATION_FAILED } from '@/lib/menu';
import { MENU_LIST_KEY, REAL_NAME_KEY, getUserMenu, resetSession } from '@/stores/session';
import { bidderMenuList, userMenu } from '@/test/menu-fixtures';
import { guardLoader } from './guard-loader';

const shown = vi.fn();
bindFeedback({
  message: { error: (args: { content: string }) => shown(args.content) },
} as unknown as Parameters<typeof bindFeedback>[0]);

const navigateTo = (path: string) =>
  guardLoader({ request: new Request(`http://app${path}`) } as LoaderFunctionArgs);

const envelope = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));

/** What a loader threw: the redirect's target. */
const redirectOf = async (promise: Promise<unknown>) => {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return thrown instanceof Response ? thrown.headers.get('Location') : thrown;
};

beforeEach(() => {
  shown.mockReset();
  resetSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('guard loader', () => {
  it('loads the menu on the first navigation after login and keeps it in session storage', async () => {
    setToken('tok');
    vi.stubGlobal(
      'fetch',
      envelope({ code: 0, message: 'ok', data: userMenu(bidderMenuList, ['bidder']) }),
    );
    await expect(navigateTo('/bidding')).resolves.toBeNull();
    expect(getUserMenu()?.roles).toEqual(['bidder']);
    expect(JSON.parse(sessionStorage.getItem(MENU_LIST_KEY)!)).toHaveLength(3);
    expect(sessionStorage.getItem(REAL_NAME_KEY)).toBe('测试用户');
    expect(await redirectOf(navigateTo('/administrator'))).toBe('/404');
  });

  it('ends the session when the menu cannot be fetched', async () => {
    setToken('expired');
    vi.stubGlobal('fetch', envelope({ code: 502, message: 'expired', errorMsg: '登录已过期' }));
    expect(await redirectOf(navigateTo('/bidding'))).toBe('/login?redirect=/bidding');
    expect(getToken()).toBeNull();
    expect(shown).toHaveBeenCalledWith(VERIFICATION_FAILED);
  });

  it('fails the login on an empty menu with the roles message', async () => {
    setToken('tok');
    vi.stubGlobal('fetch', envelope({ code: 0, message: 'ok', data: userMenu([], ['bidder']) }));
    expect(await redirectOf(navigateTo('/bidding'))).toBe('/login?redirect=/bidding');
    expect(shown).toHaveBeenCalledWith(ROLES_REQUIRED);
    expect(sessionStorage.getItem(MENU_LIST_KEY)).toBeNull();
  });

  it('sends an anonymous user to the login page without calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await redirectOf(navigateTo('/tender_list'))).toBe('/login?redirect=/tender_list');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
