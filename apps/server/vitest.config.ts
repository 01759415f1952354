import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fuzz/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database; two at a time suits 2 cores.
          maxWorkers: 2,
        },
      },
      {
        // `npm run test:fuzz`: one long file, its size set by FUZZ_RUNS.
        test: {
          name: 'fuzz',
          include: ['test/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 3_600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
