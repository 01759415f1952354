/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { skipEntryDependencies } from './build/preload-deps';
import { publicFrames } from './build/public-frames';

export default defineConfig({
  plugins: [react(), publicFrames(), precompress()],
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
        moduleSideEffects: (id) =>
          /\/node_modules\/@rc-component\/(form|async-validator)\//.test(id) ? false : undefined,
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Generous on a busy machine; each test still fails on its own assertion, not on time.
    testTimeout: 30_000,
  },
});
