/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { skipEntryDependencies } from './build/preload-deps';
import { publicFrames } from './build/public-frames';
import { ANTD_SWAPS } from './src/lib/antd-swaps';

const testFiles = readdirSync(fileURLToPath(new URL('./src', import.meta.url)), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`);
// A file that mocks a module needs a module registry of its own (a fresh worker each); the
// others share one worker's Ant Design and jsdom, which the fresh worker per file spent most of
// the suite's time importing again.
const mocksModules = (file: string) =>
  readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8').includes('vi.mock(');

/**
 * Ant Design imports that cost a first screen script it never runs, each pointed at a module of
 * ours (`src/lib/antd-swaps.ts` lists them and says why; its test fails when Ant Design moves
 * one). Build only: tests and the dev server run Ant Design as it is.
 */
function antdImportsAlone(): Plugin {
  const src = (file: string) => fileURLToPath(new URL(`./src/lib/${file}`, import.meta.url));
  return {
    name: 'antd-imports-alone',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const path = importer?.replaceAll('\\', '/');
      for (const swap of ANTD_SWAPS)
        if (source === swap.source && path?.endsWith(`/antd/es/${swap.importer}`))
          return src(swap.module);
      return null;
    },
  };
}

export default defineConfig({
  plugins: [antdImportsAlone(), react(), publicFrames(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/tendering-service': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    modulePreload: { resolveDependencies: skipEntryDependencies() },
    rollupOptions: {
      output: {
        // A shared chunk is named after one of its modules (react-dom and antd's core came out
        // as "SizeContext"), which misleads more than it tells, and every lazy import's list of
        // dependencies repeats the names: ≈ 2 KB gzip of the login page. Our own entries and
        // lazy modules (screens, layout) keep theirs.
        chunkFileNames: (chunk) =>
          (chunk.isEntry || chunk.isDynamicEntry) && chunk.facadeModuleId?.includes('/src/')
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
      },
      treeshake: {
        // rc-form and its validator declare no `sideEffects`, so an Input (which reads the form's
        // context) kept all of both on pages without a form (≈ 13 KB gzip on the search page).
        // Their modules only declare; none registers anything on import.
        // The colour picker's modules likewise: Button's style reads its `Color` class alone.
        moduleSideEffects: (id) =>
          /\/node_modules\/@rc-component\/(form|async-validator|color-picker|tree)\//.test(id)
            ? false
            : undefined,
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Generous on a busy machine; each test still fails on its own assertion, not on time.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'web', include: testFiles.filter((f) => !mocksModules(f)), isolate: false },
      },
      { extends: true, test: { name: 'web-mocks', include: testFiles.filter(mocksModules) } },
    ],
  },
});
