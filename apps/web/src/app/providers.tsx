import { lazy, Suspense, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// App's own style (text colour, font, links) without App, which brings message, modal and
// notification with it.
import useAppStyle from 'antd/es/app/style';
import zhCN from 'antd/es/locale/zh_CN';
import { useStore } from '@/lib/create-store';
import { feedbackHostStore } from '@/lib/feedback';
import { antdSizeOf } from '@/lib/size';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { appTheme } from '@/lib/theme';
import { useReducedMotion } from '@/hooks/use-reduced-motion';

// Ant Design's message and modal (≈ 17 KB) load with the first message, not with every page.
// A chunk gone after a deploy must not take the page down with it: the message is lost instead.
const noHost = { default: () => null };
const FeedbackHost = lazy((): Promise<{ default: () => ReactNode }> =>
  import('@/components/FeedbackHost').catch(() => noHost),
);

/** A form sent with a failing rule brings its first failing field into view, cursor in it. */
const FORM_CONFIG = { scrollToFirstError: { block: 'center', focus: true } } as const;

/** The root Ant Design's App drew (class `ant-app`: text colour, font, links), without App. */
function AppRoot({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const hostWanted = useStore(feedbackHostStore);
  return (
    <div className={`${hashId} ${prefixCls} ${cssVarCls}`}>
      {hostWanted && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
      {children}
    </div>
  );
}

/**
 * Ant Design's locale, theme colour, component size and messages for the whole app (the
 * server-state cache and dayjs's locale are the DataShell route's).
 */
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
    <ConfigProvider
      locale={zhCN}
      theme={themeConfig}
      componentSize={componentSize}
      form={FORM_CONFIG}
    >
      <AppRoot>{children}</AppRoot>
    </ConfigProvider>
  );
}
