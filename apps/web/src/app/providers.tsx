import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useStore } from '@/lib/create-store';
import { bindFeedback } from '@/lib/feedback';
import { antdSizeOf } from '@/lib/size';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { appTheme } from '@/lib/theme';
import { useReducedMotion } from '@/hooks/use-reduced-motion';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  // The request wrapper already shows each failure; retrying would repeat the message.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

function FeedbackBridge() {
  const api = AntApp.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

/** Locale, theme colour, component size, messages and server-state cache for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const primary = useStore(settingsStore, (s) => s.theme);
  const size = useStore(appStore, (s) => s.size);
  const { componentSize, compact } = antdSizeOf(size);

  const reducedMotion = useReducedMotion();
  const themeConfig = useMemo(
    () => appTheme(primary, compact, !reducedMotion),
    [primary, compact, reducedMotion],
  );

  useEffect(() => {
    document.documentElement.style.setProperty('--app-primary', primary);
  }, [primary]);

  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} componentSize={componentSize}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
