import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { DESKTOP, logIn, pathOf, screenshot } from './support/browser';
import { hiddenColumns, toast } from './support/shell';
import { button, callApi, confirmPopover, dialog, pick, row, tokenOf } from './support/admin';

const suite = browserSuite();
let admin: Page;

beforeAll(async () => {
  admin = await suite.freshPage();
  await logIn(admin, 'admin');
});

describe('用户管理', () => {
  it('keeps the filters in the URL across a reload', async () => {
    await admin.goto('/administrator');
    await row(admin, 'manager').waitFor();
    await pick(admin.locator('form[aria-label="用户筛选"]'), admin, '角色', 'bidder');
    await button(admin, '搜索').click();
    await admin.waitForURL((url) => url.searchParams.get('roleId') !== null);
    await row(admin, 'manager').waitFor({ state: 'detached' });
    await admin.reload();
    await row(admin, 'bidder1').waitFor();
    await expect(row(admin, 'manager').count()).resolves.toBe(0);
    expect(pathOf(admin)).toMatch(/roleId=\d+/);
    await button(admin, '重置').click();
    await row(admin, 'manager').waitFor();
  });

  it('checks a field against the shared rule before sending', async () => {
    await button(admin, '新增').click();
    await dialog(admin).getByLabel('邮箱').fill('not-an-email');
    await dialog(admin).getByText('邮箱格式不正确').waitFor();
    await button(dialog(admin), '取消').click();
  });

  it('edits a user and resets a password that then works', async () => {
    await button(row(admin, 'bidder2'), '编辑').click();
    await dialog(admin).getByLabel('电话').fill('021-66668888');
    await button(dialog(admin), '保存').click();
    await toast(admin, '修改成功').waitFor();
    await row(admin, 'bidder2').getByText('021-66668888').waitFor();

    await button(row(admin, 'manager'), '重置密码').click();
    await dialog(admin).getByLabel('新密码').fill('Changed@2026');
    await dialog(admin).getByLabel('确认密码').fill('Changed@2026');
    await button(dialog(admin), '重置').click();
    await toast(admin, '已重置 manager 的密码').waitFor();
    const other = await suite.newContext();
    await logIn(await other.newPage(), { username: 'manager', password: 'Changed@2026' });
    await other.close();
  });

  it('disables an account after confirmation, and that account can no longer log in', async () => {
    await row(admin, 'bidder3').getByRole('switch').click();
    await confirmPopover(admin, '停用');
    await toast(admin, '已停用').waitFor();
    await expect(row(admin, 'bidder3').getByRole('switch').isChecked()).resolves.toBe(false);
    const other = await suite.newContext();
    const page = await other.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('用户名').fill('bidder3');
    await page.getByPlaceholder('密码').fill('Bidder@12345');
    await button(page, '登录').click();
    await page.locator('.ant-message-notice-error').waitFor();
    expect(pathOf(page)).toMatch(/^\/login/);
    await other.close();
  });

  it('exports the list as .xlsx and deletes a user after confirmation', async () => {
    const [file] = await Promise.all([
      admin.waitForEvent('download'),
      button(admin, '导出').click(),
    ]);
    expect(file.suggestedFilename()).toBe('用户列表.xlsx');

    const created = await callApi(
      suite.baseUrl,
      await tokenOf(admin),
      '/api/admin/admin-management/insert-admin',
      { username: 'temp.user', password: 'Temp@12345', realName: '临时用户', roleId: 2 },
    );
    expect(created.body.code).toBe(0);
    // The demo has more users than a page: the administrator looks the new one up.
    await admin.goto('/administrator?username=temp.user');
    await button(row(admin, 'temp.user'), '删除').click();
    await confirmPopover(admin, '删除');
    await toast(admin, '删除成功').waitFor();
    await row(admin, 'temp.user').waitFor({ state: 'detached' });
  });

  it('fits every column into 1440 px, a clipped email showing whole on hover', async () => {
    await admin.goto('/administrator');
    const bidder = row(admin, 'bidder1');
    await bidder.waitFor();
    const table = admin.locator('.ant-table-content');
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await bidder.locator('.ant-typography-ellipsis', { hasText: 'sales@' }).hover();
    await admin.locator('.ant-tooltip', { hasText: 'sales@huaneng-electric.example.cn' }).waitFor();
  });
});

describe('权限管理 and 接口管理', () => {
  it('adds a child menu with an icon, which the sidebar shows at once', async () => {
    await admin.goto('/authority');
    await button(row(admin, '系统管理'), '新增下级').click();
    const form = dialog(admin);
    await form.getByLabel('标题').fill('系统公告');
    await form.getByLabel('权限编码').fill('menu:sysNotice');
    await form.getByLabel('路由路径').fill('/sysNotice');
    await pick(form, admin, '图标', 'Bell', true);
    await screenshot(admin, 'admin-power-form');
    await button(form, '保存').click();
    await toast(admin, '新增成功').waitFor();
    await row(admin, '系统公告').waitFor();
    await admin.locator('.app-sidebar .ant-menu-submenu-title', { hasText: '系统管理' }).click();
    await admin
      .locator('.app-sidebar')
      .getByRole('menuitem', { name: /系统公告/ })
      .waitFor();
  });

  it('refuses to delete a power that still has children, with the server reason', async () => {
    await button(row(admin, '系统管理'), '删除').click();
    await confirmPopover(admin, '删除');
    await admin.locator('.ant-message-notice-error').waitFor();
    await row(admin, '系统管理').waitFor();
  });

  it('adds an interface bound to a power, unbinds it, and deletes it', async () => {
    await admin.goto('/interface');
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('接口名称').fill('测试接口');
    await pick(form, admin, '请求方法', 'POST');
    await form.getByLabel('路径').fill('/api/test/ping');
    await pick(form, admin, '所需权限', '用户管理', true);
    await button(form, '保存').click();
    await toast(admin, '新增成功').waitFor();

    await admin.getByLabel('关键字').fill('ping');
    await button(admin, '搜索').click();
    const line = row(admin, 'POST').filter({ hasText: '/api/test/ping' });
    await line.getByText('用户管理').waitFor();
    await button(line, '编辑').click();
    const binding = dialog(admin).locator('.ant-form-item', { hasText: '所需权限' });
    await binding.locator('.ant-select').hover();
    await binding.locator('.ant-select-clear').click();
    await button(dialog(admin), '保存').click();
    await line.getByText('未绑定（仅管理员可调用）').waitFor();
    await screenshot(admin, 'admin-interface-unbound');
    await button(line, '删除').click();
    await confirmPopover(admin, '删除');
    await line.waitFor({ state: 'detached' });
  });
});

describe('审计日志 and 个人信息', () => {
  it('shows what an edit changed, before and after', async () => {
    await admin.goto('/auditLog');
    // The hash chain over the whole log is checked when the screen opens.
    await admin.getByText(/哈希链完整：共 \d+ 条记录/).waitFor();
    await admin.getByLabel('操作').fill('修改用户');
    // Expand a row of the filtered answer, not one of the list it replaces.
    const filtered = admin.waitForResponse(
      (r) =>
        r.url().includes('/list-audit-log') &&
        new URL(r.url()).searchParams.get('action') === '修改用户',
    );
    await button(admin, '搜索').click();
    await admin.waitForURL((url) => url.searchParams.get('action') === '修改用户');
    await filtered;
    const firstRow = admin.locator('.ant-table-row').first();
    await firstRow.filter({ hasText: '修改用户' }).waitFor();
    await firstRow.locator('.ant-table-row-expand-icon').click();
    const changed = admin.locator('.ant-table-expanded-row [data-changed]');
    await changed.first().waitFor();
    await expect(changed.count()).resolves.toBeGreaterThanOrEqual(2);
    await screenshot(admin, 'admin-audit-diff');
  });

  it('a bidder edits its own contacts and sees its company read-only', async () => {
    const other = await suite.newContext();
    const page = await other.newPage();
    await logIn(page, 'bidder1');
    await page.goto('/updateInfo');
    // The company card (企业信息) has its own phone field and save button: stay in the profile form.
    const company = page.locator('.ant-card', { hasText: '企业信息' });
    await company.getByText('已通过').first().waitFor();
    await expect(company.getByLabel('公司名称').inputValue()).resolves.toBe('华能电气设备有限公司');
    const profile = page.locator('form[aria-label="个人信息"]');
    await profile.getByLabel('电话').fill('12345');
    await profile.getByText('电话号码格式不正确（手机号或带区号的固定电话）').waitFor();
    await profile.getByLabel('电话').fill('13811112222');
    await button(profile, '保存').click();
    await toast(page, '修改成功').waitFor();
    await screenshot(page, 'admin-profile-bidder');
    await other.close();
  });
});

describe('the busiest lists at 1440 px', () => {
  it('show every column beside the pinned 操作, none under another or off the table', async () => {
    // The administrator sees the managers' screens too (the manager's password changed above).
    const bidder = await suite.newContext(DESKTOP);
    const pages = { admin, bidder1: await bidder.newPage() };
    await logIn(pages.bidder1, 'bidder1');
    const token = await tokenOf(admin);
    const found = await callApi(
      suite.baseUrl,
      token,
      `/api/ttender/ttender/list-ttender?keyword=${encodeURIComponent('储能电站电池预制舱采购')}`,
    );
    const openedId = (found.body.data as { list: { id: number }[] }).list[0]!.id;
    const screens = [
      ['admin', '/supply', '投标人信息管理'],
      ['admin', '/announcement', '中标公告'],
      ['admin', `/denderManagement_details?id=${openedId}&tab=opening-record`, '开标记录'],
      ['bidder1', '/bidding', '投标报价'],
      ['admin', '/auditLog', '审计日志'],
    ] as const;
    for (const [who, path, name] of screens) {
      const page = pages[who];
      await page.goto(path);
      const table = page.locator('.ant-table:visible', { has: page.locator('.ant-table-row') });
      await table.first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await hiddenColumns(page, table.first()), name).toEqual([]);
      await screenshot(page, `columns-1440-${name}`);
    }
    await bidder.close();
  });
});

describe('every administration screen at 1440 px and 390 px', () => {
  const screens = [
    '/administrator',
    '/role',
    '/authority',
    '/interface',
    '/dictionary',
    '/auditLog',
    '/updateInfo',
  ];

  it.each([
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ])('renders each screen with its data at %s px', async (width, viewport) => {
    const shots = await suite.newContext(viewport);
    const page = await shots.newPage();
    await logIn(page, 'admin');
    for (const path of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('.ant-card').first().waitFor();
      await expect(page.locator('.ant-alert-error').count()).resolves.toBe(0);
      await screenshot(page, `admin-screen${path.replace('/', '-')}-${width}`);
    }
    await shots.close();
  });
});
