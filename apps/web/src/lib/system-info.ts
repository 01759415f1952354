import { publicRoutes } from '@tender/contracts/browser';
import { createStore } from './create-store';
import { request } from './request';

export const DEFAULT_SYSTEM_TITLE = '能源装备网上招投标管理系统';

/** The configured system title (SYSTEM_TITLE on the server), shown in page titles and headers. */
export const systemTitleStore = createStore(DEFAULT_SYSTEM_TITLE);

let loading: Promise<void> | null = null;
export function loadSystemInfo() {
  loading ??= request(publicRoutes.systemInfo, {}, { quiet: true })
    .then((info) => systemTitleStore.set(info.title || DEFAULT_SYSTEM_TITLE))
    .catch(() => undefined);
  return loading;
}

export const pageTitle = (screenTitle: string | undefined, systemTitle: string) =>
  screenTitle ? `${screenTitle} - ${systemTitle}` : systemTitle;
