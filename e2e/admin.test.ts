import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { logIn, navigateInApp, screenshot, sidebarTitles, waitForPath } from './support/browser';
import { toast } from './support/shell';
import { callApi, dialog, pick, row, saveDialog, tokenOf } from './support/admin';

const VIEWER = { username: 'viewer1', password: 'Viewer@12345' };
const VIEWER_ROLE = 'tender_viewer';

const suite = browserSuite();
let admin: Page;

beforeAll(async () => {
  admin = await suite.freshPage();
  await logIn(admin, 'admin');
});

/** A node of the role form's power tree by its title ("菜单招标信息" ends with 招标信息). */
const treeNode = (page: Page, title: string) =>
  page.locator('.ant-tree-treenode', {
    has: page.locator('.ant-tree-title', { hasText: new RegExp(`${title}$`) }),
  });

/**
 * Opens the select labelled `label` and answers its option locator for `text`. A click that lands
 * while the lazy select swaps its look-alike for the real one can go unheard (CI saw a list that
 * never opened after an in-app navigation); a person clicks again, and so does this. It waits for
 * the select's own open state, then for its options (loaded from the dictionary), never for a
 * fixed time: a busy machine swaps and loads later.
 */
async function openOption(page: Page, label: string, text: string) {
  const control = page.getByLabel(label, { exact: true });
  for (let attempt = 1; ; attempt++) {
    await control.click();
    try {
      await expect
        .poll(() => control.getAttribute('aria-expanded'), { timeout: 10_000 })
        .toBe('true');
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.first().waitFor();
  return options.filter({ hasText: text });
}

/** The sidebar shows a group holding a single menu as that menu alone (the original template). */
async function sidebarMenus(page: Page) {
  await page.locator('.app-sidebar .ant-menu-item').first().waitFor();
  const groups = page.locator('.app-sidebar .ant-menu-submenu:not(.ant-menu-submenu-open)');
  for (const group of await groups.all()) await group.locator('.ant-menu-submenu-title').click();
  return sidebarTitles(page);
}

describe('an administrator runs the permission system from the screens', () => {
  let viewerContext: BrowserContext;
  let viewer: Page;
  let viewerToken: string;

  it('creates a role holding only 招标信息 (and its group)', async () => {
    await admin.goto('/role');
    await row(admin, 'bidder').waitFor();
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(admin);
    await form.getByLabel('角色名称').fill(VIEWER_ROLE);
    await form.getByLabel('描述').fill('只能查看招标信息');
    await treeNode(admin, '招标信息').locator('.ant-tree-checkbox').click();
    // The group comes along, and so does the menu's hidden screen; nothing else does.
    await expect(form.getByText('已选 3 项').isVisible()).resolves.toBe(true);
    await screenshot(admin, 'admin-role-form');
    await saveDialog(admin);
    await toast(admin, '新增成功').waitFor();
    await row(admin, VIEWER_ROLE).waitFor();
  });

  it('creates a user with that role', async () => {
    await admin.goto('/administrator');
    await row(admin, 'bidder1').waitFor();
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(admin);
    await form.getByLabel('用户名').fill(VIEWER.username);
    await form.getByLabel('初始密码').fill(VIEWER.password);
    await form.getByLabel('姓名').fill('王浏览');
    await pick(form, admin, '角色', VIEWER_ROLE);
    await form.getByLabel('电话').fill('13912345678');
    await screenshot(admin, 'admin-user-form');
    await saveDialog(admin);
    await toast(admin, '新增成功').waitFor();
    // The demo has more users than a page: the administrator looks the new one up.
    await admin.goto(`/administrator?username=${VIEWER.username}`);
    await expect(row(admin, VIEWER.username).innerText()).resolves.toContain(VIEWER_ROLE);
  });

  it('that user sees only 招标信息, gets /404 for /administrator and 403 from the API', async () => {
    viewerContext = await suite.newContext();
    viewer = await viewerContext.newPage();
    await logIn(viewer, VIEWER);
    await waitForPath(viewer, '/tenderMsg');
    const titles = await sidebarMenus(viewer);
    expect(titles.filter((title) => title !== '招标投标')).toEqual(['招标信息']);
    await screenshot(viewer, 'admin-viewer-menu');

    await viewer.goto('/administrator');
    await waitForPath(viewer, '/404');

    viewerToken = await tokenOf(viewer);
    const refused = await callApi(
      suite.baseUrl,
      viewerToken,
      '/api/admin/admin-management/list-admin',
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 403 } });
  });

  it('removing the power from the role empties that user menu at the next request', async () => {
    await admin.goto('/role');
    await row(admin, VIEWER_ROLE)
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const group = treeNode(admin, '招标投标');
    await group.locator('.ant-tree-checkbox-checked').waitFor();
    await group.locator('.ant-tree-checkbox').click();
    await expect(dialog(admin).getByText('已选 0 项').isVisible()).resolves.toBe(true);
    await saveDialog(admin);
    await toast(admin, '修改成功').waitFor();

    const menu = await callApi(
      suite.baseUrl,
      viewerToken,
      '/api/admin/menu-management/list-menu-by-user',
    );
    expect(menu.body).toMatchObject({ code: 0, data: { menuList: [] } });
    // The viewer's next page load fetches the menu again, finds nothing, and ends the session.
    await viewer.goto('/tenderMsg');
    await waitForPath(viewer, '/login?redirect=/tenderMsg');
    await toast(viewer, 'getInfo: roles must be a non-null array!').waitFor();
    await screenshot(viewer, 'admin-viewer-menu-removed');
    await viewerContext.close();
  });
});

describe('the data dictionary feeds the other screens', () => {
  it('an item added to tender_category appears in the public search category select', async () => {
    await admin.goto('/tenderMsgSearch');
    await expect((await openOption(admin, '招标类别', '风电机组')).count()).resolves.toBe(0);
    await admin.keyboard.press('Escape');

    await navigateInApp(admin, '/dictionary?type=tender_category');
    const items = admin.locator('.ant-card', { hasText: '字典项：' });
    await row(admin, 'transformer').waitFor();
    await items.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(admin);
    await form.getByLabel('标签', { exact: true }).fill('风电机组');
    await form.getByLabel('值', { exact: true }).fill('wind_turbine');
    // First in the list, so that the select's virtual list shows it without scrolling.
    await form.getByLabel('排序', { exact: true }).fill('0');
    await pick(form, admin, '标签颜色', 'cyan');
    await saveDialog(admin);
    await toast(admin, '新增成功').waitFor();
    await row(admin, 'wind_turbine').waitFor();
    await screenshot(admin, 'admin-dictionary-item-added');

    // Back in the same page session: the cached options were invalidated by the edit.
    await navigateInApp(admin, '/tenderMsgSearch');
    await (await openOption(admin, '招标类别', '风电机组')).waitFor();
    await screenshot(admin, 'admin-dictionary-item-in-public-select');
  });

  it('renaming the chosen type keeps it chosen, with its items', async () => {
    const token = await tokenOf(admin);
    await callApi(suite.baseUrl, token, '/api/admin/dictionary-management/insert-dict-type', {
      code: 'voltage_level',
      name: '电压等级',
    });
    await callApi(suite.baseUrl, token, '/api/admin/dictionary-management/insert-dict-item', {
      typeCode: 'voltage_level',
      label: '110千伏',
      value: 'kv110',
    });
    await admin.goto('/dictionary?type=voltage_level');
    await row(admin, 'kv110').waitFor();
    await admin.getByRole('button', { name: '编辑 电压等级' }).click();
    const form = dialog(admin);
    await form.getByLabel('类型编码', { exact: true }).fill('voltage_grade');
    await saveDialog(admin);
    await waitForPath(admin, '/dictionary?type=voltage_grade');
    await admin.locator('.ant-card', { hasText: 'voltage_grade' }).getByText('kv110').waitFor();
  });

  it('a duplicate value is refused with the server reason', async () => {
    await admin.goto('/dictionary?type=tender_category');
    const items = admin.locator('.ant-card', { hasText: '字典项：' });
    await row(admin, 'wind_turbine').waitFor();
    await items.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(admin);
    await form.getByLabel('标签', { exact: true }).fill('重复项');
    await form.getByLabel('值', { exact: true }).fill('wind_turbine');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await admin.locator('.ant-message-notice', { hasText: 'wind_turbine' }).waitFor();
    await expect(form.isVisible()).resolves.toBe(true);
  });
});
