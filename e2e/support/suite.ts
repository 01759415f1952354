import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { launchBrowser, logIn, newContext, screenshotOnFailure } from './browser';
import { screenshotPagesOnFailure } from './tender';

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
 * One built server (on a copy of the run's seeded demo database) and one browser for a test file,
 * both stopped after it. A failed test saves a screenshot of the page `freshPage` opened last.
 * `env` adds server variables (TEST_CLOCK=1 for a clock the test moves).
 */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    server = await startServer(env, inject('demoDataDir'));
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

/** Who `logIn` signs in: a demo account's name, or a username and password. */
type Account = Parameters<typeof logIn>[1];

export interface StoryPeople {
  /** A page in a browser profile of its own (a person of the story), closed after the file. */
  pageOf(viewport?: Viewport): Promise<Page>;
  /** `pageOf`, signed in as `account`. */
  signedInPage(account: Account, viewport?: Viewport): Promise<Page>;
}

/**
 * The people of a story file, each in a browser profile of their own: a failed test saves a
 * screenshot of every page they have open, and their profiles close after the file. With
 * `stepByStep` each test builds on the last: after a failure the later tests are skipped (and
 * say why) rather than each timing out on a screen the story never reached.
 */
export function storyPeople(suite: BrowserSuite, { stepByStep = false } = {}): StoryPeople {
  const contexts: BrowserContext[] = [];
  let broken = '';
  if (stepByStep)
    beforeEach(({ skip }) => skip(Boolean(broken), `an earlier step failed: ${broken}`));
  afterEach(async ({ task }) => {
    if (stepByStep && task.result?.state === 'fail') broken ||= task.name;
    await screenshotPagesOnFailure(contexts, task);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  const pageOf = async (viewport?: Viewport) => {
    const context = await suite.newContext(viewport);
    contexts.push(context);
    return context.newPage();
  };
  return {
    pageOf,
    async signedInPage(account, viewport) {
      const page = await pageOf(viewport);
      await logIn(page, account);
      return page;
    },
  };
}
