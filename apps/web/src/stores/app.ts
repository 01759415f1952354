import Cookies from 'js-cookie';
import { createStore } from '@/lib/create-store';
import { DEFAULT_SIZE, isAppSize, type AppSize } from '@/lib/size';

export type Device = 'desktop' | 'mobile';

export interface AppState {
  sidebarOpened: boolean;
  /** Set when the sidebar closes because the device became mobile: no transition then. */
  sidebarWithoutAnimation: boolean;
  device: Device;
  size: AppSize;
}

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

/** The original's test: mobile when the body, less one pixel, is under 992 px wide. */
export const MOBILE_BREAKPOINT = 992;
export const isMobileWidth = () =>
  document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;

const initialSidebar = Cookies.get(SIDEBAR_COOKIE);
const initialSize = Cookies.get(SIZE_COOKIE);
const initialMobile = typeof document !== 'undefined' && !!document.body && isMobileWidth();

export const appStore = createStore<AppState>({
  sidebarOpened: !initialMobile && (initialSidebar ? !!+initialSidebar : true),
  sidebarWithoutAnimation: initialMobile,
  device: initialMobile ? 'mobile' : 'desktop',
  size: isAppSize(initialSize) ? initialSize : DEFAULT_SIZE,
});

export function toggleSidebar() {
  const opened = !appStore.get().sidebarOpened;
  Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
  appStore.set((s) => ({ ...s, sidebarOpened: opened, sidebarWithoutAnimation: false }));
}

export function closeSidebar(withoutAnimation: boolean) {
  Cookies.set(SIDEBAR_COOKIE, '0');
  appStore.set((s) => ({ ...s, sidebarOpened: false, sidebarWithoutAnimation: withoutAnimation }));
}

export function setDevice(device: Device) {
  if (appStore.get().device !== device) appStore.set((s) => ({ ...s, device }));
}

export function setSize(size: AppSize) {
  Cookies.set(SIZE_COOKIE, size);
  appStore.set((s) => ({ ...s, size }));
}
