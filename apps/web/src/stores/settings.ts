import { DEFAULT_THEME } from '@/lib/theme';
import { createStore } from '@/lib/create-store';

export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** Collect uncaught errors into the error log. */
  errorLog: boolean;
}

const STORAGE_KEY = 'tender-settings';

export const defaultSettings: Settings = {
  theme: DEFAULT_THEME,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  // The original enabled the error log for production builds only.
  errorLog: import.meta.env.PROD,
};

function readSettings(): Settings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
    return { ...defaultSettings, ...stored };
  } catch {
    return defaultSettings;
  }
}

export const settingsStore = createStore<Settings>(readSettings());

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]) {
  settingsStore.set((s) => ({ ...s, [key]: value }));
  localStorage.setItem(STORAGE_KEY, JSON.stringify(settingsStore.get()));
}

export function resetSettings() {
  localStorage.removeItem(STORAGE_KEY);
  settingsStore.set(defaultSettings);
}
