import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { logIn, pathOf, screenshot, waitForPath } from './support/browser';
import { openFromSidebar, sessionKeys, toast } from './support/shell';

const suite = browserSuite();
let page: Page;

async function signedIn(account: 'admin' | 'bidder1' | { username: string; password: string }) {
  page = await suite.freshPage();
  await logIn(page, account);
  return page;
}

const userMenu = async (item: string) => {
  await page.getByTestId('user-dropdown').click();
  await page.getByRole('menuitem', { name: item }).click();
};

describe('session', () => {
  it('keeps the token, menu and real name in session storage; logout clears it all', async () => {
    await signedIn('bidder1');
    expect(await sessionKeys(page)).toEqual(
      expect.arrayContaining(['Admin-Token', 'menuList', 'realName']),
    );
    await userMenu('退出登录');
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText('此操作将退出登录, 是否继续?').waitFor();
    await screenshot(page, 'logout-confirm');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '退出成功!').waitFor();
    await waitForPath(page, '/login');
    expect(await sessionKeys(page)).toEqual([]);
    await page.goto('/bidding');
    await waitForPath(page, '/login?redirect=/bidding');
  });

  it('changes the password in the dialog, then logs in with the new one only', async () => {
    await signedIn('bidder1');
    await userMenu('修改密码');
    const dialog = page.locator('.ant-modal', { hasText: '修改密码' });
    await dialog.waitFor();
    // offsetWidth, not the bounding box: the dialog opens with a zoom animation.
    const labelWidth = await dialog
      .locator('.ant-form-item-label')
      .first()
      .evaluate((el) => (el as HTMLElement).offsetWidth);
    expect(labelWidth).toBe(120);

    await dialog.getByPlaceholder('请输入原密码').fill('Bidder@12345');
    await dialog.getByPlaceholder('请输入新密码').fill('short');
    await dialog.getByPlaceholder('请再次输入新密码').fill('different');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('密码至少 8 个字符').waitFor();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await expect(page.getByLabel('错误日志').count()).resolves.toBe(0);
    await screenshot(page, 'change-password-invalid');

    await dialog.getByPlaceholder('请输入新密码').fill('NewBidder@2026');
    await dialog.getByPlaceholder('请再次输入新密码').fill('NewBidder@2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '修改成功!').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByPlaceholder('用户名').fill('bidder1');
    await page.getByPlaceholder('密码').fill('Bidder@12345');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('.ant-message-notice-error').waitFor();
    expect(pathOf(page).startsWith('/login')).toBe(true);

    await logIn(page, { username: 'bidder1', password: 'NewBidder@2026' });
    expect(pathOf(page).startsWith('/login')).toBe(false);
  });

  it("opens 'Confirm logout' when the server answers 501, and Re-Login returns to the login page", async () => {
    await signedIn('admin');
    await page.evaluate(() => sessionStorage.setItem('Admin-Token', 'not-a-valid-token'));
    // A screen not yet open (the administrator lands on 用户管理), so its list is fetched.
    await openFromSidebar(page, '角色管理', '权限管理');
    const dialog = page.locator('.ant-modal-confirm', { hasText: 'Confirm logout' });
    await dialog
      .getByText('You have been logged out, you can cancel to stay on this page, or log in again')
      .waitFor();
    await screenshot(page, 'confirm-logout');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/role');

    await openFromSidebar(page, '数据字典', '系统管理');
    await dialog.getByRole('button', { name: 'Re-Login' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await sessionKeys(page)).not.toContain('Admin-Token');
  });
});
