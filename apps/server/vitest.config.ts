import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Some start a PGlite (initdb in WebAssembly): beside the other stages of `npm test`
          // that took over vitest's 10 s. A test fails on its assertion, not on the clock.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fuzz/**'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          // Room for a busy machine; a test fails on its assertion, not on the clock.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file builds its own app on its own database; two at a time suits 2 cores.
          maxWorkers: 2,
          // The files share nothing at module level (each app keeps its state on its instance), so
          // a worker keeps the server's modules loaded between files instead of importing them
          // again for each: half the suite's time went to those imports.
          isolate: false,
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
