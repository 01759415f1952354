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
 *
 * The theme's CSS variables and the icons' base style are written by cssinjs and the icons in the
 * browser whatever the page holds, but only if no `<style>` in the head already carries their
 * id; each written was a restyle of the whole page. They come here as those very tags
 * (`head`), with the ids cssinjs gives them, so the browser writes nothing.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/lib/utils';
import hashModule from '@emotion/hash';
import { Button, ConfigProvider, Form, Input, Space, Tag } from 'antd';
import appStyle from 'antd/lib/app/style';
import zhCNModule from 'antd/lib/locale/zh_CN';
import { antdSizeOf, DEFAULT_SIZE } from '../src/lib/size';
import { appTheme, DEFAULT_THEME } from '../src/lib/theme';

// Node loads Ant Design's CommonJS build: a default export arrives as the module's `default`.
const cjsDefault = <T>(module: T) => (module as { default?: T }).default ?? module;
const useAppStyle = cjsDefault(appStyle);
const zhCN = cjsDefault(zhCNModule);
const hash = cjsDefault(hashModule);

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

const styleTag = (attributes: Record<string, string>, css: string) =>
  `<style ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ')}>${css}</style>`;

/** As `updateCSS` of @rc-component/util marks what cssinjs writes (see its hooks). */
const THEME_VARIABLES = { 'data-rc-order': 'prependQueue', 'data-rc-priority': '-999' };

/**
 * The `<style>` tags cssinjs writes for the theme's CSS variables, as useCacheToken (the global
 * token: id `hash("css-var-" + key)`) and useCSSVarRegister (each component's) write them.
 */
function themeVariableTags(cache: ReturnType<typeof createCache>) {
  const tags: string[] = [];
  for (const [path, [, value]] of cache.cache) {
    const [kind] = path.split('%');
    if (kind === 'token') {
      const [, , , css, key] = value as [unknown, unknown, unknown, string, string];
      if (css) {
        const id = hash(`css-var-${key}`);
        tags.push(
          styleTag({ ...THEME_VARIABLES, 'data-css-hash': id, 'data-token-hash': key }, css),
        );
      }
    } else if (kind === 'cssVar') {
      const [, css, id, key] = value as [unknown, string, string, string];
      if (css) {
        tags.push(
          styleTag({ ...THEME_VARIABLES, 'data-css-hash': id, 'data-token-hash': key }, css),
        );
      }
    }
  }
  return tags.join('');
}

/** The icons' base style, as their useInsertStyles writes it (no custom prefix, no layer). */
const ICON_STYLE = styleTag(
  { 'data-rc-order': 'prepend', 'rc-util-key': '@ant-design-icons' },
  iconStyles,
);

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
  return {
    css: extractStyle(cache, { plain: true, types: ['style'] }),
    head: themeVariableTags(cache) + ICON_STYLE,
  };
}

process.stdout.write(
  JSON.stringify(
    Object.fromEntries(Object.entries(PAGES).map(([page, node]) => [page, stylesOf(node)])),
  ),
);
