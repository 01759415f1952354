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

/**
 * The headings of a table that a person cannot read at the current size: cut off by the
 * table's box (its last columns scrolled out of view) or lying under a pinned column (the 操作
 * column pinned right, the name pinned left). Empty when every column shows.
 */
export async function hiddenColumns(page: Page, table = page.locator('.ant-table').first()) {
  return table.evaluate((root) => {
    const box = root.querySelector('.ant-table-container')!.getBoundingClientRect();
    const headings = [...root.querySelectorAll<HTMLElement>('thead th')].filter(
      (th) => th.getBoundingClientRect().width > 0 && th.innerText.trim(),
    );
    const pinned = headings.filter((th) =>
      /ant-table-cell-fix-(start|end|left|right)/.test(th.className),
    );
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1;
    return headings
      .filter((th) => {
        const r = th.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) return true;
        return pinned.some((pin) => pin !== th && overlaps(r, pin.getBoundingClientRect()));
      })
      .map((th) => th.innerText.trim());
  });
}
