/**
 * Ant Design's styles for the framed public pages, made at build time (run by public-frames.ts
 * with tsx; prints `{ page: css }` as JSON).
 *
 * Ant Design writes each component's CSS in the browser the first time the component renders:
 * on a phone, the registration form spent ≈ 200 ms (4× CPU) generating and inserting it while
 * the page could not be used. Here the same components render once on the server under the
 * app's default theme, and cssinjs's `extractStyle` gives their CSS with a map of what it holds
 * (`.data-ant-cssinjs-cache-path`). Inlined in the page, the map tells cssinjs in the browser
 * that these styles exist, so it neither generates nor inserts them. A visitor with another
 * theme colour, size or reduced motion gets other hashes: their styles are made as before.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider, Form, Input, Space, Tag } from 'antd';
import appStyle from 'antd/lib/app/style';
import zhCNModule from 'antd/lib/locale/zh_CN';
import { antdSizeOf, DEFAULT_SIZE } from '../src/lib/size';
import { appTheme, DEFAULT_THEME } from '../src/lib/theme';

// Node loads Ant Design's CommonJS build: a default export arrives as the module's `default`.
const cjsDefault = <T>(module: T) => (module as { default?: T }).default ?? module;
const useAppStyle = cjsDefault(appStyle);
const zhCN = cjsDefault(zhCNModule);

/** The App root's style, as providers.tsx draws it. */
function AppRoot({ children }: { children: ReactNode }) {
  const [hashId, cssVarCls] = useAppStyle('ant-app');
  return h('div', { className: `${hashId} ant-app ${cssVarCls}` }, children);
}

const inputs = [
  h(Input, { key: 'input', prefix: 'x', allowClear: true }),
  h(Input.Password, { key: 'password' }),
];

/** What each framed page's first screen renders of Ant Design. */
const PAGES: Record<string, ReactNode> = {
  login: [...inputs, h(Button, { key: 'button', type: 'primary', block: true }, 'x')],
  register: h(
    Form,
    { layout: 'vertical', requiredMark: true },
    h(Form.Item, { label: 'x', name: 'a', rules: [{ required: true }], extra: 'x' }, inputs[0]),
    h(Form.Item, { label: 'x', name: 'b' }, inputs[1]),
    h(Form.Item, { label: 'x', name: 'c' }, h(Input.TextArea, { showCount: true, maxLength: 9 })),
    h(Button, { type: 'primary', size: 'large', block: true }, 'x'),
  ),
  tenderMsgSearch: [
    h(Input.Search, { key: 'search', enterButton: true }),
    h(Space.Compact, { key: 'compact' }, inputs[0], h(Button, { type: 'primary' }, 'x')),
    h(Tag, { key: 'preset', color: 'blue' }, 'x'),
    h(Tag, { key: 'status', color: 'success' }, 'x'),
  ],
};

function stylesOf(page: ReactNode) {
  const cache = createCache();
  const { componentSize, compact } = antdSizeOf(DEFAULT_SIZE);
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        ConfigProvider,
        { locale: zhCN, theme: appTheme(DEFAULT_THEME, compact), componentSize },
        h(AppRoot, null, page),
      ),
    ),
  );
  // Component styles only: the theme's CSS variables are small and stay the browser's to write.
  return extractStyle(cache, { plain: true, types: ['style'] });
}

process.stdout.write(
  JSON.stringify(
    Object.fromEntries(Object.entries(PAGES).map(([page, node]) => [page, stylesOf(node)])),
  ),
);
