import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Each framed public page, and the stylesheets of its screen that its frame reuses. */
const FRAMES: Record<string, string[]> = {
  tenderMsgSearch: ['src/features/public-search/public-search.css'],
  login: ['src/features/auth/auth.css'],
  register: ['src/features/auth/auth.css', 'src/features/supplier/supplier.css'],
};

const ICONS = 'node_modules/@ant-design/icons-svg/inline-svg';

/**
 * Writes login.html, register.html and tenderMsgSearch.html beside index.html: the same page
 * with the screen's frame (header, hero, card) drawn in plain HTML and CSS, so a phone paints
 * it before any script arrives. The server answers /login with login.html (plugins/static.ts);
 * RootShell removes the frame in the same frame React draws the screen. No inline script: the
 * Content-Security-Policy allows only our own script files.
 */
export function publicFrames(): Plugin {
  let root = '';
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const icon = (name: string) => {
    const file = [root, path.join(root, '../..')]
      .map((dir) => path.join(dir, ICONS, `${name}.svg`))
      .find(existsSync);
    if (!file) throw new Error(`public-frames: no icon ${name}`);
    // Wrapped as Ant Design renders an icon, so the screens' .anticon rules size it alike.
    return `<span class="anticon" aria-hidden="true">${readFileSync(file, 'utf8')}</span>`;
  };
  const fill = (html: string) =>
    html
      .replace(/<!--frame:([\w-]+)-->/g, (_, name: string) => read(`frames/${name}.html`))
      .replace(/<!--icon:([\w/-]+)-->/g, (_, name: string) => icon(name))
      .replace(/© /g, `© ${new Date().getFullYear()} `);

  return {
    name: 'public-frames',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('public-frames: index.html not in the bundle');
      const template = String(index.source);
      for (const [page, stylesheets] of Object.entries(FRAMES)) {
        const css = [...stylesheets, 'frames/frame.css'].map(read).join('\n');
        const frame = fill(read(`frames/${page}.html`));
        const source = template
          .replace('</head>', `<style>${css}</style>\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root"></div><div id="boot-frame">${frame}</div>`,
          );
        this.emitFile({ type: 'asset', fileName: `${page}.html`, source });
      }
    },
  };
}
