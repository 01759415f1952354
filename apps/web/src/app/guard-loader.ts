import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getToken } from '@/lib/auth-storage';
import { feedback } from '@/lib/feedback';
import { getStoredMenuList, getUserMenu, loadUserMenu, resetSession } from '@/stores/session';
import { decideNavigation } from './guard';

/**
 * Runs before every navigation (the root route always revalidates). A failed menu fetch ends
 * the session: token reset, the error (or 'Has Error') shown, back to the login page.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  const decide = () =>
    decideNavigation({
      path,
      token: getToken(),
      menu: getUserMenu(),
      storedMenuList: getStoredMenuList(),
    });

  let decision = decide();
  if (decision.kind === 'load-menu') {
    try {
      await loadUserMenu();
    } catch (error) {
      resetSession();
      feedback.error(error instanceof Error && error.message ? error.message : 'Has Error');
      throw redirect(path === '/login' ? '/login' : `/login?redirect=${path}`);
    }
    decision = decide();
  }
  if (decision.kind === 'redirect') throw redirect(decision.to);
  return null;
}
