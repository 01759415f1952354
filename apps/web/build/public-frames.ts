import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Each framed public page: the modules its first render imports lazily (its screen, and the
 * data shell of a screen that queries the server; see app/router.tsx). Their stylesheets are
 * inlined: the frame reuses the screen's classes.
 */
const FRAMES: Record<string, { lazyModules: string[] }> = {
  tenderMsgSearch: {
    lazyModules: [
      'src/app/DataShell.tsx',
      'src/features/public-search/screens/TenderMsgSearchScreen.tsx',
    ],
  },
  login: {
    lazyModules: ['src/features/auth/screens/LoginScreen.tsx'],
  },
  register: {
    lazyModules: ['src/app/DataShell.tsx', 'src/features/supplier/screens/RegisterScreen.tsx'],
  },
};

const FRAME_BOOT = 'src/app/frame-boot.ts';

/** Ant Design's CSS for each page's first screen, made by build/antd-styles.ts (see there). */
function antdStyles(root: string): Record<string, { css: string; head: string }> {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'build/antd-styles.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(output) as Record<string, { css: string; head: string }>;
}

const ICONS = 'node_modules/@ant-design/icons-svg/inline-svg';

/** The tags Vite put in index.html's head for the entry: its script, preloads and stylesheets. */
const ENTRY_TAGS =
  /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)">/g;

/** Every chunk a chunk imports statically, itself included, as the browser will load them. */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, seen = new Set<string>()) {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/**
 * Writes login.html, register.html and tenderMsgSearch.html beside index.html: the same page
 * with the screen's frame (header, hero, card) drawn in plain HTML and CSS, so a phone paints
 * it before any script arrives. The server answers /login with login.html (plugins/static.ts);
 * RootShell removes the frame in the same frame React draws the screen.
 *
 * A framed page blocks on nothing: its stylesheets (the entry's and the screen's, and Ant Design's
 * for the screen: build/antd-styles.ts) are inlined, and its one script,
 * src/app/frame-boot.ts, starts the app only after the frame is painted. It preloads the
 * entry's and the screen's whole script graph at once, listed here from the bundle. No inline
 * script: the Content-Security-Policy allows only our own script files.
 */
export function publicFrames(): Plugin {
  let root = '';
  let frameBoot = '';
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
    buildStart() {
      frameBoot = this.emitFile({ type: 'chunk', id: path.join(root, FRAME_BOOT) });
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('public-frames: index.html not in the bundle');
      const template = String(index.source);
      const entryTags = [...template.matchAll(ENTRY_TAGS)];
      const entry = entryTags.find((tag) => tag[1])?.[1];
      const entryLinks = entryTags.flatMap((tag) => (tag[2] ? [tag[2]] : []));
      const entryScripts = entryLinks.filter((href) => !href.endsWith('.css'));
      if (!entry) throw new Error('public-frames: no entry script in index.html');
      const cssOf = (file: string) => {
        const asset = bundle[file];
        if (asset?.type !== 'asset') throw new Error(`public-frames: ${file} not in the bundle`);
        return String(asset.source);
      };
      const entryCss = entryLinks
        .filter((href) => href.endsWith('.css'))
        .map((href) => href.slice(1));
      const bootScript = `/${this.getFileName(frameBoot)}`;
      const antdCss = antdStyles(root);

      const chunkOf = (module: string) => {
        const chunk = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.facadeModuleId === path.join(root, module),
        );
        if (chunk?.type !== 'chunk') throw new Error(`public-frames: no chunk for ${module}`);
        return chunk.fileName;
      };

      for (const [page, { lazyModules }] of Object.entries(FRAMES)) {
        const lazyFiles = new Set<string>();
        for (const module of lazyModules) staticClosure(bundle, chunkOf(module), lazyFiles);
        const lazyCss = [...lazyFiles].flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        const preloads = [
          ...new Set([...entryScripts, ...[...lazyFiles].map((file) => `/${file}`)]),
        ];
        // Ant Design's first: the app's own stylesheets override it, as they do when it injects.
        const css = [
          antdCss[page]?.css ?? '',
          ...[...new Set([...entryCss, ...lazyCss])].map(cssOf),
          read('frames/frame.css'),
        ].join('\n');
        // The screen's stylesheets are inlined; a disabled link to each (never fetched) is what
        // Vite's preload helper looks for before adding one, which would restyle the page again.
        const inlinedLinks = lazyCss
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`)
          .join('');
        const frame = fill(read(`frames/${page}.html`));
        const source = template
          .replace(ENTRY_TAGS, '')
          .replace(
            '</head>',
            `  <script type="module" crossorigin src="${bootScript}" data-entry="${entry}"` +
              ` data-preload="${preloads.join(' ')}"></script>\n` +
              `  ${antdCss[page]?.head ?? ''}\n  <style>${css}</style>\n  ${inlinedLinks}\n  </head>`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root"></div><div id="boot-frame">${frame}</div>`,
          );
        this.emitFile({ type: 'asset', fileName: `${page}.html`, source });
      }
    },
  };
}
