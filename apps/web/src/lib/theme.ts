import { theme, type ThemeConfig } from 'antd';

/**
 * The default theme colour, as the specification fixes it (#1890ff). White button text on it is
 * 3.2:1, below WCAG AA's 4.5:1 for small text; a user who needs more contrast picks a darker
 * colour in the settings drawer (docs/performance-web.md records the trade-off).
 */
export const DEFAULT_THEME = '#1890ff';

/** Secondary and placeholder text dark enough for 4.5:1 on white (Ant Design's are 3.4 and 1.8). */
const READABLE_TEXT = {
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};

/**
 * The Ant Design theme for a primary colour and density (the size setting's "mini"). `motion`
 * off when the system asks for reduced motion (WCAG 2.3.3): dialogs, dropdowns and drawers then
 * appear at once instead of sliding and zooming.
 */
export function appTheme(primary: string, compact: boolean, motion = true): ThemeConfig {
  return {
    // Links and "processing" tags follow the theme colour rather than Ant Design's lighter blue.
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      borderRadius: 4,
      motion,
      ...READABLE_TEXT,
    },
    algorithm: compact ? [theme.defaultAlgorithm, theme.compactAlgorithm] : theme.defaultAlgorithm,
    components: { Layout: { headerHeight: 50, headerPadding: '0 12px', headerBg: '#fff' } },
    // A fixed key instead of React's useId, so the page can carry the variables' <style> tags made
    // at build time (build/antd-styles.ts) under the ids the browser would give them.
    cssVar: { key: 'css-var-app' },
  };
}
