import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { PHONE, logIn, pathOf, screenshot, sidebarTitles, waitForPath } from './support/browser';
import { toast } from './support/shell';

const SYSTEM_TITLE = '能源装备网上招投标管理系统';
/** Screens of the administration area; the public pages must not load their code. */
const ADMIN_CHUNKS =
  /(LayoutRoute|UserListScreen|RoleListScreen|PowerTreeScreen|InterfaceListScreen|DictionaryScreen|AuditLogScreen|UpdateInfoScreen)-/;

const suite = browserSuite();
let page: Page;

async function freshPage(viewport?: typeof PHONE) {
  page = await suite.freshPage(viewport);
  return page;
}

describe('routes and the navigation guard', () => {
  it('lands on /tenderMsgSearch from / without loading any administration code', async () => {
    await freshPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/');
    await waitForPath(page, '/tenderMsgSearch');
    // The demo data publishes tenders: the front door shows them as result cards.
    await page.locator('.public-result-card').first().waitFor();
    await expect(page.title()).resolves.toBe(`招标信息查询 - ${SYSTEM_TITLE}`);
    await expect(page.getByRole('link', { name: /登\s*录/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: '供应商注册' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('tab', { name: '中标公告' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'public-search');

    await page.getByRole('link', { name: /登\s*录/ }).click();
    await waitForPath(page, '/login');
    await page.getByPlaceholder('用户名').waitFor();
    await expect(page.title()).resolves.toBe(`登录 - ${SYSTEM_TITLE}`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => ADMIN_CHUNKS.test(url))).toEqual([]);
  });

  it('fits the public search, login and register pages into a 390 px phone', async () => {
    await freshPage(PHONE);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [path, name, ready] of [
      ['/tenderMsgSearch', 'public-search-390', '.public-result-card'],
      ['/login', 'login-390', 'text=账号登录'],
      ['/register', 'register-390', 'text=供应商注册'],
    ] as const) {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
  });

  it('paints a public page frame first, then boots it with each script fetched once', async () => {
    await freshPage(PHONE);
    // A first visitor's settings: the page carries the default theme's styles (reduced motion,
    // which the other tests ask for, has its own, made in the browser).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const scripts: string[] = [];
    const sheets: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    page.on('request', (r) => r.resourceType() === 'stylesheet' && sheets.push(r.url()));
    for (const [path, ready] of [
      ['/login', '#login_username'],
      ['/register', '#register_username'],
      ['/tenderMsgSearch', '.public-result-card'],
    ] as const) {
      scripts.length = 0;
      sheets.length = 0;
      const html = await (await page.goto(path))!.text();
      // Nothing blocks the frame's paint: styles inline, one script, and that one deferred.
      expect(html).toContain('id="boot-frame"');
      // (A stylesheet it inlines is linked disabled, never fetched: see build/public-frames.ts.)
      expect(html).not.toMatch(/<link(?![^>]*\bdisabled\b)[^>]+rel="(stylesheet|modulepreload)"/);
      expect(html.match(/<script\b[^>]*>/g)).toEqual([
        expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/frame-boot-/),
      ]);
      await page.locator(ready).first().waitFor();
      await expect(page.locator('#boot-frame').count()).resolves.toBe(0);
      // Every style the screen uses came with the page (build/antd-styles.ts, public-frames.ts):
      // Ant Design's, the theme's variables, the icons' and the screen's own stylesheets. The
      // app wrote no <style> and linked no stylesheet, each of which restyles the whole page.
      const inPage = (html.match(/<style\b/g) ?? []).length;
      const styles = await page.$$eval('style, link[rel="stylesheet"]:not([disabled])', (tags) =>
        tags.map((tag) => tag.outerHTML.slice(0, 200)),
      );
      expect(styles.length, `${path}: ${styles.join('\n')}`).toBe(inPage);
      expect(sheets).toEqual([]);
      // The build listed the screen's whole graph, so no script of it was found late.
      const listed = await page.$eval('script[data-entry]', (tag) => {
        const { entry = '', preload = '' } = (tag as HTMLScriptElement).dataset;
        return [entry, ...preload.split(' ')].map((href) => new URL(href, location.href).href);
      });
      const unlisted = scripts.filter((url) => !listed.includes(url) && !/frame-boot-/.test(url));
      expect(unlisted).toEqual([]);
      expect(new Set(scripts).size).toBe(scripts.length);
    }
    // The login page focuses its first field once painted, ready to type into.
    await page.goto('/login');
    await page.waitForFunction(() => document.activeElement?.id === 'login_username');
    expect(problems).toEqual([]);
  });

  it('sends an anonymous /tender_list to the login page and back after login', async () => {
    await freshPage();
    await page.goto('/tender_list');
    await waitForPath(page, '/login?redirect=/tender_list');
    await screenshot(page, 'login-redirect');
    await logIn(page, { username: '  manager  ', password: 'Manager@12345' });
    await waitForPath(page, '/tender_list');
    await expect(page.title()).resolves.toBe(`招标管理 - ${SYSTEM_TITLE}`);
    await screenshot(page, 'manager-tender-list');
  });

  it('shows the admin every menu', async () => {
    await freshPage();
    await logIn(page, 'admin');
    for (const group of ['招标投标', '招标管理', '系统管理', '权限管理']) {
      await page.locator('.app-sidebar .ant-menu-submenu-title', { hasText: group }).click();
    }
    const titles = await sidebarTitles(page);
    for (const title of [
      '招标信息',
      '投标报价',
      '投标人信息管理',
      '中标公告',
      '用户管理',
      '数据字典',
      '接口管理',
      '角色管理',
      '审计日志',
      '个人信息',
    ]) {
      expect(titles).toContain(title);
    }
    await screenshot(page, 'admin-menu');
  });

  it('hides 用户管理 from bidder1 and answers /administrator with /404', async () => {
    await freshPage();
    await logIn(page, 'bidder1');
    await page.locator('.app-sidebar .ant-menu-submenu-title', { hasText: '招标投标' }).click();
    const titles = await sidebarTitles(page);
    expect(titles).toContain('投标报价');
    expect(titles).not.toContain('用户管理');
    expect(titles).not.toContain('招标管理');
    await page.goto('/administrator');
    await waitForPath(page, '/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await screenshot(page, 'bidder-404');
  });

  it.each([
    ['admin', '/administrator', '用户管理'],
    ['manager', '/tender_list', '招标管理'],
    ['bidder1', '/tenderMsg', '招标信息'],
  ] as const)(
    'lands %s on a screen of theirs, with nothing red in the console',
    async (account, path, title) => {
      await freshPage();
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
      await logIn(page, account);
      await waitForPath(page, path);
      await page.locator('.app-breadcrumb li').last().filter({ hasText: title }).waitFor();
      await page.locator('.app-main .ant-table-row, .app-main .ant-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      await screenshot(page, `landing-${account}`);
    },
  );

  it('sends a signed-in user opening /login to the first menu path', async () => {
    await freshPage();
    await logIn(page, 'bidder1');
    await page.goto('/login');
    await waitForPath(page, '/tenderMsg');
    await page.locator('.app-navbar').waitFor();
    await expect(page.title()).resolves.toBe(`招标信息 - ${SYSTEM_TITLE}`);
  });

  it('sends unknown paths to /404 and refuses a wrong password in Chinese', async () => {
    await freshPage();
    await page.goto('/login');
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('.ant-message-notice-error').waitFor();
    expect(pathOf(page)).toBe('/login');
    await logIn(page, 'admin');
    await page.goto('/no-such-page');
    await waitForPath(page, '/404');
    await expect(toast(page, 'Has Error').count()).resolves.toBe(0);
  });
});
