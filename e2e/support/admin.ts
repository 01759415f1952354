import type { Locator, Page } from 'playwright-core';

/** The dialog on top; Ant Design keeps closed ones in the page, hidden. */
export const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

export const popconfirm = (page: Page) => page.locator('.ant-popover:visible');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table row with a cell that reads `text` (an icon's name may precede it, a tag follow it). */
export const row = (page: Page, text: string) =>
  page.locator('.ant-table-row', {
    has: page.getByRole('cell', { name: new RegExp(`(^| )${escapeRegExp(text)}( |$)`) }),
  });

/** A button by its text; Ant Design spaces two-character labels and icons add their own name. */
export const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name: new RegExp(`(^| )${name.split('').join('\\s*')}$`) });

/**
 * Chooses an option of a select; `search` types it first (tree selects hide collapsed nodes).
 * A click on an option still sliding in can miss on a busy machine, so the choice is checked in
 * the control itself and tried again.
 */
export async function pick(
  scope: Page | Locator,
  page: Page,
  label: string,
  option: string,
  search = false,
) {
  const control = scope.getByLabel(label, { exact: true });
  // `has` is searched inside each .ant-select, so it must not start from `scope` again.
  const chosen = scope
    .locator('.ant-select', { has: page.getByLabel(label, { exact: true }) })
    .filter({ hasText: option });
  for (let attempt = 1; ; attempt++) {
    await control.click();
    if (search) await page.keyboard.type(option);
    await page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-treenode', { hasText: option })
      .first()
      .click();
    try {
      await chosen.first().waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

export async function confirmPopover(page: Page, name: string) {
  await button(popconfirm(page), name).click();
}

/** Clicks the dialog's 保存 and waits for it to close. */
export async function saveDialog(page: Page) {
  await button(dialog(page), '保存').click();
  await dialog(page).waitFor({ state: 'hidden' });
}

export const tokenOf = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('Admin-Token') ?? '');

/** Calls the API with `token`: a POST with `body` as JSON, or a GET when there is none. */
export async function callApi(baseUrl: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/tendering-service${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: token,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data?: unknown },
  };
}
