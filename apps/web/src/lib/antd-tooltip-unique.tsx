import type { ReactNode } from 'react';

/**
 * What ConfigProvider gets for `antd/es/tooltip/UniqueProvider` in the build (vite.config.ts):
 * ConfigProvider wraps the app in it only when given `tooltip={{ unique: true }}`, which this
 * app never sets, yet importing it brought the popup trigger (≈ 7 KB gzip) to every page, also
 * to those without a popup. Tooltip itself still imports the real one.
 */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return children;
}
