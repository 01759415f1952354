import type { message, Modal } from 'antd';
import { createStore } from './create-store';
import { setRequestFeedback } from './request';
import { removeToken } from './auth-storage';

type MessageApi = ReturnType<typeof message.useMessage>[0];
type ModalApi = ReturnType<typeof Modal.useModal>[0];
export interface FeedbackApi {
  message: MessageApi;
  modal: ModalApi;
}

let api: FeedbackApi | null = null;
let logoutDialogOpen = false;
/** What was asked for before the host was there (the guard runs before the first render). */
let pending: ((bound: FeedbackApi) => void)[] = [];

/**
 * Whether the host of messages and dialogs is wanted: Ant Design's message and modal are loaded
 * on the first message, not before a page draws (see app/FeedbackHost.tsx).
 */
export const feedbackHostStore = createStore(false);

const withApi = (show: (bound: FeedbackApi) => void) => {
  if (api) return show(api);
  pending.push(show);
  feedbackHostStore.set(true);
};

/**
 * Messages and dialogs for code that lives outside React (the guard, the request wrapper).
 * Shown inside the providers so they follow the theme; queued until the host is there.
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
    if (logoutDialogOpen) return;
    logoutDialogOpen = true;
    withApi((bound) =>
      bound.modal.confirm({
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
      }),
    );
  },
};

const later =
  <F extends (...args: never[]) => unknown>(pick: (bound: FeedbackApi) => F) =>
  (...args: Parameters<F>): void =>
    withApi((bound) => void pick(bound)(...args));

/** What screens use in place of Ant Design's `App.useApp()`: the same calls, loaded on first use. */
const screenFeedback = {
  message: {
    success: later((bound) => bound.message.success),
    error: later((bound) => bound.message.error),
    warning: later((bound) => bound.message.warning),
    info: later((bound) => bound.message.info),
  },
  modal: {
    confirm: later((bound) => bound.modal.confirm),
  },
};
export const useFeedback = () => screenFeedback;

/** Called by the host once it is mounted; returns the unbinding for its unmount. */
export function bindFeedback(next: FeedbackApi) {
  api = next;
  const queued = pending;
  pending = [];
  queued.forEach((show) => show(next));
  return () => {
    if (api === next) api = null;
  };
}

// The request wrapper's failures are shown from the start: the first one loads the host.
setRequestFeedback({ error: feedback.error, confirmLogout: feedback.confirmLogout });
