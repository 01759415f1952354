import { createStore } from '@/lib/create-store';
import { settingsStore } from './settings';

export interface ErrorLogEntry {
  message: string;
  /** Where it happened: the React component stack, or the kind of event. */
  info: string;
  url: string;
  stack: string;
  time: number;
}

export const errorLogStore = createStore<ErrorLogEntry[]>([]);

const MAX_ENTRIES = 200;

export function addErrorLog(error: unknown, info: string) {
  if (!settingsStore.get().errorLog) return;
  const err = error instanceof Error ? error : new Error(String(error));
  const entry: ErrorLogEntry = {
    message: err.message || String(error),
    info,
    url: window.location.href,
    stack: err.stack ?? '',
    time: Date.now(),
  };
  errorLogStore.set((logs) => [...logs, entry].slice(-MAX_ENTRIES));
}

export const clearErrorLog = () => errorLogStore.set([]);

/** Collects uncaught errors and rejected promises from the whole page. */
export function installErrorLog() {
  window.addEventListener('error', (event) =>
    addErrorLog(event.error ?? event.message, 'window.onerror'),
  );
  window.addEventListener('unhandledrejection', (event) =>
    addErrorLog(event.reason, 'unhandledrejection'),
  );
}
