import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { launchBrowser, newContext, screenshotOnFailure } from './browser';

interface Viewport {
  width: number;
  height: number;
}

export interface BrowserSuite {
  readonly baseUrl: string;
  /** Closes the page this opened last and opens one in a fresh profile. */
  freshPage(viewport?: Viewport): Promise<Page>;
  /** Another fresh profile beside the current page; the test closes it. */
  newContext(viewport?: Viewport): Promise<BrowserContext>;
}

/**
 * One built server (the demo seed) and one browser for a test file, both stopped after it. A
 * failed test saves a screenshot of the page `freshPage` opened last. `env` adds server variables
 * (TEST_CLOCK=1 for a clock the test moves).
 */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterEach(({ task }) => screenshotOnFailure(page, task));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = () => {
    if (!server || !browser) throw new Error('the server and browser start in beforeAll');
    return { server, browser };
  };

  return {
    get baseUrl() {
      return started().server.baseUrl;
    },
    async freshPage(viewport) {
      await context?.close();
      context = await this.newContext(viewport);
      page = await context.newPage();
      return page;
    },
    newContext(viewport) {
      const { server, browser } = started();
      return newContext(browser, server.baseUrl, viewport);
    },
  };
}
