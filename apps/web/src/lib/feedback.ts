import type { App } from 'antd';
import { setRequestFeedback } from './request';
import { removeToken } from './auth-storage';

type AppApi = ReturnType<typeof App.useApp>;

let api: AppApi | null = null;
let logoutDialogOpen = false;
/** Messages raised before the app mounted (the guard runs before the first render). */
let pending: ((bound: AppApi) => void)[] = [];
const withApi = (show: (bound: AppApi) => void) => (api ? show(api) : pending.push(show));

/**
 * Messages and dialogs for code that lives outside React (the guard, the request wrapper).
 * Bound to Ant Design's App context so they follow the theme; silent until bound.
 */
export const feedback = {
  error(text: string, durationMs = 3000) {
    withApi((bound) => void bound.message.error({ content: text, duration: durationMs / 1000 }));
  },
  success(text: string) {
    withApi((bound) => void bound.message.success(text));
  },
  warning(text: string) {
    withApi((bound) => void bound.message.warning(text));
  },
  /** The original's dialog when the server says the session is over (codes 501–503). */
  confirmLogout() {
    if (!api || logoutDialogOpen) return;
    logoutDialogOpen = true;
    api.modal.confirm({
      title: 'Confirm logout',
      content: 'You have been logged out, you can cancel to stay on this page, or log in again',
      okText: 'Re-Login',
      cancelText: 'Cancel',
      onOk: () => {
        removeToken();
        window.location.reload();
      },
      afterClose: () => {
        logoutDialogOpen = false;
      },
    });
  },
};

export function bindFeedback(next: AppApi) {
  api = next;
  setRequestFeedback({ error: feedback.error, confirmLogout: feedback.confirmLogout });
  const queued = pending;
  pending = [];
  queued.forEach((show) => show(next));
}
