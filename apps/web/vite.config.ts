/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
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
    rollupOptions: {
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
  },
});
