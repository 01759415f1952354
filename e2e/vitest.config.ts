import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    exclude: ['node_modules/**'],
    // Each file has a server and a browser of its own, and spends much of its time waiting on
    // them (a request, an animation, a poll): two files at a time keep both cores busy.
    maxWorkers: 2,
    // A story's step is many screens (three quotes through the form, one of them encrypting a
    // 50 MB file): on a slow hour of this 2-core machine one took 160 s, while each wait inside
    // it still fails after 15 s. This only ends a step that hangs.
    testTimeout: 300_000,
    hookTimeout: 240_000,
    // expect.poll waits as long as a locator does (15 s, support/browser.ts), not vitest's 1 s:
    // a busy machine renders a table later than that, and a user would wait for it.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
