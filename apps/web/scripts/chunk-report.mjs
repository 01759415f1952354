#!/usr/bin/env node
/**
 * Which modules each chunk of the build holds, by rendered size (before minifying): builds the
 * app again into a temporary folder with a plugin that writes the bundle's module lists, and
 * prints the chunks a page's first load fetched (names as `measure-load.mjs --js-only --scripts`
 * lists them, from a file) or all of them.
 *
 *   node apps/web/scripts/chunk-report.mjs [--out /tmp/chunks.json] [--top 12] [chunk names…]
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: join(tmpdir(), 'web-chunks.json') },
    top: { type: 'string', default: '12' },
  },
});
const root = resolve(import.meta.dirname, '..');
const chunks = [];
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: join(tmpdir(), 'web-chunk-report'), emptyOutDir: true },
  plugins: [
    {
      name: 'chunk-report',
      generateBundle(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          chunks.push({
            file: item.fileName.replace(/^assets\//, ''),
            imports: item.imports,
            dynamicImports: item.dynamicImports,
            modules: Object.entries(item.modules)
              .map(([id, m]) => ({
                id: id.replace(/^.*node_modules\//, '~/').replace(root, ''),
                size: m.renderedLength,
              }))
              .filter((m) => m.size > 0)
              .sort((a, b) => b.size - a.size),
          });
        }
      },
    },
  ],
});
await writeFile(args.out, JSON.stringify(chunks, null, 1));
const wanted = new Set(positionals);
for (const chunk of chunks) {
  if (wanted.size && !wanted.has(chunk.file)) continue;
  const total = chunk.modules.reduce((sum, m) => sum + m.size, 0);
  console.log(
    `${chunk.file}  ${(total / 1024).toFixed(1)} KB rendered, ${chunk.modules.length} modules`,
  );
  for (const m of chunk.modules.slice(0, Number(args.top)))
    console.log(`   ${(m.size / 1024).toFixed(1).padStart(6)}  ${m.id}`);
}
