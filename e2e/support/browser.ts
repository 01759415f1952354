import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', 'screenshots');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@12345' },
  manager: { username: 'manager', password: 'Manager@12345' },
  bidder1: { username: 'bidder1', password: 'Bidder@12345' },
  bidder2: { username: 'bidder2', password: 'Bidder@12345' },
  bidder3: { username: 'bidder3', password: 'Bidder@12345' },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A fresh browser profile (no cookies, no storage) aimed at the server. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<BrowserContext> {
  // Reduced motion: the app then turns Ant Design's animations off, so no click lands on a
  // dialog or dropdown still sliding in (the cause of flaky clicks on a busy machine).
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Path and query of the page, e.g. "/login?redirect=/tender_list". */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => decodeURIComponent(url.pathname + url.search) === path);
}

/**
 * Navigates inside the single-page app, as a click on a link does: no reload, so the scripts
 * are not fetched and compiled again and the in-memory query cache stays.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForPath(page, path);
}

/** Fills the login form and waits until the app leaves the login page. */
export async function logIn(
  page: Page,
  account: AccountName | { username: string; password: string },
) {
  const { username, password } = typeof account === 'string' ? ACCOUNTS[account] : account;
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('.app-navbar').waitFor();
}

export async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Let drawers, dialogs and menus finish opening, so the picture shows what a person sees.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The menu titles in the sidebar, expanded groups included. */
export async function sidebarTitles(page: Page): Promise<string[]> {
  return page.locator('.app-sidebar .ant-menu-title-content').allInnerTexts();
}

/** Saves the page when a test failed, to see what the browser showed. */
export async function screenshotOnFailure(
  page: Page | undefined,
  task: { name: string; result?: { state?: string } },
) {
  if (page && !page.isClosed() && task.result?.state === 'fail') {
    await screenshot(page, `FAILED-${task.name.slice(0, 40).replace(/[^\w\u4e00-\u9fa5]+/g, '-')}`);
  }
}
