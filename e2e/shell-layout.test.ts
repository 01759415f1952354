import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { PHONE, logIn, screenshot, waitForPath } from './support/browser';
import {
  cookie,
  openFromSidebar,
  tab,
  tabCommand,
  tabTitles,
  toast,
  waitForScreen,
} from './support/shell';

const suite = browserSuite();
let page: Page;

async function signedIn(account: 'admin' | 'bidder1', viewport?: typeof PHONE) {
  page = await suite.freshPage(viewport);
  await logIn(page, account);
  return page;
}

const pathOfPage = () => new URL(page.url()).pathname;

const sidebarWidth = async () =>
  (await page.locator('[data-testid=sidebar]').boundingBox())?.width ?? 0;

describe('layout', () => {
  it('has a 170 px sidebar whose collapsed state survives a reload', async () => {
    await signedIn('admin');
    expect(await sidebarWidth()).toBe(170);
    await page.getByTestId('hamburger').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=sidebar]')?.getBoundingClientRect().width === 54,
    );
    expect(await cookie(page, 'sidebarStatus')).toBe('0');
    await page.reload();
    await page.locator('.app-navbar').waitFor();
    expect(await sidebarWidth()).toBe(54);
    await page.mouse.move(700, 500);
    await screenshot(page, 'sidebar-collapsed');
    await page.getByTestId('hamburger').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=sidebar]')?.getBoundingClientRect().width === 170,
    );
    expect(await cookie(page, 'sidebarStatus')).toBe('1');
  });

  it('keeps the sidebar closed at 390 px, opens it as an overlay and closes it on navigation', async () => {
    await signedIn('bidder1', PHONE);
    await expect(page.locator('[data-testid=sidebar]').count()).resolves.toBe(0);
    await expect(page.locator('.app-sidebar').isVisible()).resolves.toBe(false);
    await screenshot(page, 'mobile-closed');
    await page.getByTestId('hamburger').click();
    await page.locator('.app-sidebar-drawer .app-sidebar').waitFor();
    await screenshot(page, 'mobile-open');
    await openFromSidebar(page, '中标公告');
    await waitForPath(page, '/announcement');
    await page.locator('.app-sidebar-drawer .app-sidebar').waitFor({ state: 'hidden' });
    // The breadcrumb says the page's own name whole, and the settings tab keeps to the margin.
    await page.goto(`/downloadTender?id=1`);
    const crumb = page.locator('.app-breadcrumb li').last();
    await crumb.filter({ hasText: '下载招标文件' }).waitFor();
    await expect(crumb.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBe(0);
    await expect(page.locator('.app-breadcrumb li:visible').count()).resolves.toBe(1);
    const handle = await page.getByLabel('系统布局配置').boundingBox();
    expect(handle!.width).toBeLessThanOrEqual(16);
    expect(handle!.x + handle!.width).toBe(390);
    await screenshot(page, 'mobile-breadcrumb');
  });

  it('switches size, writes the size cookie and keeps it after a reload', async () => {
    await signedIn('admin');
    expect(await cookie(page, 'size')).toBeUndefined();
    await page.getByLabel('布局大小').click();
    await page.getByRole('menuitem', { name: '迷你' }).click();
    await toast(page, 'Switch Size Success').waitFor();
    expect(await cookie(page, 'size')).toBe('mini');
    await page.reload();
    await page.locator('.app-navbar').waitFor();
    expect(await cookie(page, 'size')).toBe('mini');
    await page.getByLabel('布局大小').click();
    const selected = page.locator('.ant-dropdown-menu-item-selected');
    await expect(selected.innerText()).resolves.toBe('迷你');
    await screenshot(page, 'size-mini');
  });

  it('finds 角色管理 in the header search by typing 角色', async () => {
    await signedIn('admin');
    await page.getByLabel('搜索菜单').click();
    await page.keyboard.type('角色');
    const option = page.locator('.ant-select-item-option', { hasText: '权限管理 > 角色管理' });
    await option.waitFor();
    await screenshot(page, 'header-search');
    await option.click();
    await waitForScreen(page, '/role', '角色管理');
  });
});

describe('form dialogs', () => {
  it('bring the first error into view: an empty 新建招标 saved while scrolled down', async () => {
    await signedIn('admin');
    await page.goto('/tender_list');
    await page.getByRole('button', { name: /新建招标/ }).click();
    const body = page.locator('.ant-modal-wrap:visible .ant-modal-body');
    await body.getByLabel('招标标题').waitFor();
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
    await page.getByRole('button', { name: /保存草稿/ }).click();
    const title = body.getByLabel('招标标题');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await body.getByText('请输入招标标题').waitFor();
    // The field and its message sit inside the dialog's visible part.
    const inView = () =>
      body.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const field = el.querySelector('#tender-form_title')!.getBoundingClientRect();
        return field.top >= box.top && field.bottom <= box.bottom;
      });
    await expect.poll(inView).toBe(true);
    await screenshot(page, 'tender-form-first-error');
  });
});

describe('settings and error log', () => {
  it('opens the settings drawer from a handle 250 px from the top and remembers the choices', async () => {
    await signedIn('admin');
    const handle = page.getByLabel('系统布局配置');
    expect((await handle.boundingBox())?.y).toBe(250);
    await handle.click();
    const drawer = page.locator('.ant-drawer', { hasText: '系统布局配置' });
    await drawer.getByText('主题色').waitFor();
    await screenshot(page, 'settings-drawer');
    // A new theme colour recolours what is drawn (the theme's CSS variables are rewritten).
    const primaryColour = () =>
      page.evaluate(() =>
        getComputedStyle(document.querySelector('.ant-app')!).getPropertyValue(
          '--ant-color-primary',
        ),
      );
    await expect(primaryColour()).resolves.toBe('#1890ff');
    await drawer.locator('.ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').nth(2).click();
    await expect.poll(primaryColour).toBe('#11a983');
    await page.keyboard.press('Escape');
    await drawer.getByRole('switch', { name: '开启 Tags-View' }).click();
    await page.locator('.tags-view').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.app-navbar').waitFor();
    await expect(page.locator('.tags-view').count()).resolves.toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem('tender-settings'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ tagsView: false, theme: '#11a983' });
    await expect(primaryColour()).resolves.toBe('#11a983');
  });

  it('shows the error log badge only once an error happened, and lists it in a table', async () => {
    await signedIn('admin');
    const badge = page.getByLabel('错误日志');
    await expect(badge.count()).resolves.toBe(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('页面脚本出错（测试）');
      });
      void Promise.reject(new Error('未处理的 Promise 拒绝（测试）'));
    });
    await badge.click();
    const table = page.locator('.ant-modal', { hasText: '错误日志' });
    await table.getByText('页面脚本出错（测试）').waitFor();
    await table.getByText('未处理的 Promise 拒绝（测试）').waitFor();
    await expect(table.getByText('unhandledrejection').count()).resolves.toBe(1);
    await screenshot(page, 'error-log');
  });
});

describe('tab strip', () => {
  it('opens a tab per screen, keeps hidden ones alive, and closes others, all, and refreshes', async () => {
    await signedIn('admin');
    await openFromSidebar(page, '用户管理', '系统管理');
    await waitForScreen(page, '/administrator', '用户管理');
    await openFromSidebar(page, '角色管理', '权限管理');
    await waitForScreen(page, '/role', '角色管理');
    const search = page.locator('.app-main input:visible').first();
    await search.fill('仅此一次');
    await openFromSidebar(page, '数据字典', '系统管理');
    await waitForScreen(page, '/dictionary', '数据字典');
    await expect.poll(() => tabTitles(page)).toEqual(['用户管理', '角色管理', '数据字典']);

    // A hidden tab keeps its state (React <Activity>)...
    await tab(page, '角色管理').click();
    await waitForScreen(page, '/role', '角色管理');
    const visibleInput = () => page.locator('.app-main input:visible').first().inputValue();
    await expect.poll(visibleInput).toBe('仅此一次');
    await screenshot(page, 'tabs-three');

    // ...and refresh re-mounts it.
    await tabCommand(page, '角色管理', '刷新');
    await waitForScreen(page, '/role', '角色管理');
    await expect.poll(visibleInput).toBe('');

    const menu = page.locator('.tags-contextmenu');
    await tab(page, '用户管理').click({ button: 'right' });
    expect((await menu.boundingBox())?.width).toBe(105);
    await menu.getByRole('menuitem', { name: '关闭其他' }).click();
    await waitForScreen(page, '/administrator', '用户管理');
    await expect.poll(() => tabTitles(page)).toEqual(['用户管理']);

    await openFromSidebar(page, '接口管理', '权限管理');
    await waitForScreen(page, '/interface', '接口管理');
    await tab(page, '用户管理').locator('.tags-view-close').click();
    await expect.poll(() => tabTitles(page)).toEqual(['接口管理']);
    expect(pathOfPage()).toBe('/interface');

    await tabCommand(page, '接口管理', '全部关闭');
    // No tab left: the login page, which sends a signed-in user to their role's first screen.
    await waitForScreen(page, '/administrator', '用户管理');
    await expect.poll(() => tabTitles(page)).toEqual(['用户管理']);
    await screenshot(page, 'tabs-after-close-all');
  });
});
