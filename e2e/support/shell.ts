import type { Page } from 'playwright-core';

/** Opens a screen through the sidebar, expanding its group first when it has one. */
export async function openFromSidebar(page: Page, title: string, group?: string) {
  const menu = page.locator('.app-sidebar');
  const item = menu
    .locator('.ant-menu-item .ant-menu-title-content')
    .getByText(title, { exact: true });
  if (group && !(await item.isVisible())) {
    await menu.locator('.ant-menu-submenu-title', { hasText: group }).click();
  }
  await item.click();
}

export const tabTitles = (page: Page) => page.locator('.tags-view-item').allInnerTexts();

export const tab = (page: Page, title: string) =>
  page.locator('.tags-view-item', { hasText: title });

export async function tabCommand(page: Page, title: string, command: string) {
  await tab(page, title).click({ button: 'right' });
  await page.locator('.tags-contextmenu').getByRole('menuitem', { name: command }).click();
}

/** A toast from Ant Design's message. */
export const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice', { hasText: text });

export const sessionKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).sort());

export async function cookie(page: Page, name: string) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === name)?.value;
}

/** Waits until the screen at `path` is the one shown (navigation commits in a transition). */
export async function waitForScreen(page: Page, path: string, title: string) {
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('.app-breadcrumb li').last().filter({ hasText: title }).waitFor();
}
