import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { DESKTOP, PHONE, logIn, screenshot, type AccountName } from './support/browser';
import { button, callApi, dialog } from './support/admin';
import { activeTabPanel, apiLogin, pageWidth } from './support/tender';

/**
 * Every tendering screen of issues 11 and 12 with the demo data, at 1440 px and at 390 px: a
 * picture of each (e2e/screenshots/tender-*), no error alert, and on the phone no sideways
 * scrolling of the page. The opening record and the comparison are pictured by whole-story, which
 * opens a tender of its own.
 */
const suite = browserSuite();

/** The demo tender amended twice, with documents and sign-ups by bidder1–3. */
const DEMO_TITLE = '华东电网 2026 年第一批 110kV 主变压器采购';
/** A demo tender bidder1 signed up for whose deadline is days away (it can still bid). */
const BIDDABLE_TITLE = '220kV 变电站继电保护装置改造项目';

/** The demo tender whose bids were opened (demo-bids), and the awarded one. */
const OPENED_TITLE = '储能电站电池预制舱采购';
const AWARDED_TITLE = '变电站综合自动化设备采购';

let demoId = 0;
let openedId = 0;
let awardedId = 0;

beforeAll(async () => {
  const token = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
  const idOf = async (title: string) => {
    const found = await callApi(
      suite.baseUrl,
      token,
      `/api/ttender/ttender/list-ttender?keyword=${encodeURIComponent(title)}`,
    );
    const list = (found.body.data as { list: { id: number; title: string }[] }).list;
    return list.find((t) => t.title === title)!.id;
  };
  demoId = await idOf(DEMO_TITLE);
  openedId = await idOf(OPENED_TITLE);
  awardedId = await idOf(AWARDED_TITLE);
});

const VIEWPORTS = [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const;

describe.each(VIEWPORTS)('tendering screens at %s px', (width, viewport) => {
  const contexts = new Map<string, BrowserContext>();
  const pages = new Map<string, Page>();

  /** One signed-in page per account (or the public), kept for the viewport's tests. */
  async function as(account: AccountName | 'public') {
    const known = pages.get(account);
    if (known) return known;
    const context = await suite.newContext(viewport);
    contexts.set(account, context);
    const page = await context.newPage();
    if (account !== 'public') await logIn(page, account);
    pages.set(account, page);
    return page;
  }

  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  /** The picture, and the checks every screen passes: no error alert, no sideways scroll. */
  async function shoot(page: Page, name: string) {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-alert-error:visible').count()).resolves.toBe(0);
    if (viewport.width === PHONE.width) expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, `tender-${name}-${width}`);
  }

  it('供应商注册 /register', async () => {
    const page = await as('public');
    await page.goto('/register');
    await page.locator('form[aria-label="供应商注册"]').waitFor();
    await shoot(page, 'register');
    // Each label focuses its field, the categories' look-alike select too (then the real one).
    await page.locator('label[for="register_categories"]').click();
    await page.waitForFunction(() => document.activeElement?.id === 'register_categories');
  });

  it('招标信息查询 /tenderMsgSearch with results and the detail drawer', async () => {
    const page = await as('public');
    await page.goto(`/tenderMsgSearch?keyword=${encodeURIComponent('变压器')}`);
    await page.locator('.public-result-card').first().waitFor();
    await expect(page.locator('.public-result-card mark').count()).resolves.toBeGreaterThan(0);
    await shoot(page, 'search');
    await page.locator('.public-result-card', { hasText: DEMO_TITLE }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText(DEMO_TITLE).first().waitFor();
    await shoot(page, 'search-drawer');
  });

  it('投标人信息管理 /supply and its drawer', async () => {
    const page = await as('manager');
    await page.goto('/supply');
    await page.locator('.ant-table-row').first().waitFor();
    await shoot(page, 'supply');
    await page
      .locator('.ant-table-row', { hasText: '华能电气设备有限公司' })
      .getByText('华能电气设备有限公司')
      .click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('统一社会信用代码').first().waitFor();
    await shoot(page, 'supply-drawer');
    await drawer.locator('.ant-drawer-close').click();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  });

  it('招标管理 /tender_list and its form', async () => {
    const page = await as('manager');
    await page.goto('/tender_list');
    await page.locator('.ant-table-row').first().waitFor();
    await shoot(page, 'tender-list');
    await button(page, '新建招标').click();
    await dialog(page).getByLabel('招标标题').waitFor();
    await shoot(page, 'tender-form');
    await button(dialog(page), '取消').click();
    await dialog(page).waitFor({ state: 'hidden' });
  });

  it('招标管理详情 /denderManagement_details, every tab', async () => {
    const page = await as('manager');
    await page.goto(`/denderManagement_details?id=${demoId}`);
    await page.getByRole('heading', { name: DEMO_TITLE }).waitFor();
    const tabs = page.locator('.ant-tabs-tab');
    const titles = await tabs.allInnerTexts();
    expect(titles.length).toBeGreaterThanOrEqual(5);
    for (const [i, title] of titles.entries()) {
      await tabs.nth(i).click();
      await activeTabPanel(page).waitFor();
      await shoot(page, `detail-${i + 1}`);
      expect(title).not.toBe('');
    }
  });

  it('开标记录, 比价 with its chart and 定标 of the demo tenders', async () => {
    const page = await as('manager');
    for (const [id, tab, ready] of [
      [openedId, 'opening-record', '华能电气设备有限公司'],
      [openedId, 'comparison', '华能电气设备有限公司'],
      [awardedId, 'award', '已定标'],
    ] as const) {
      await page.goto(`/denderManagement_details?id=${id}&tab=${tab}`);
      const panel = activeTabPanel(page);
      await panel.getByText(ready).first().waitFor();
      if (tab === 'comparison') await panel.locator('canvas').first().waitFor();
      await shoot(page, tab);
    }
  });

  it('个人信息 /updateInfo with the company card', async () => {
    const page = await as('bidder1');
    await page.goto('/updateInfo');
    const card = page.locator('.ant-card', { hasText: '企业信息' });
    await card.getByText('已通过').first().waitFor();
    await expect(card.getByLabel('公司名称').inputValue()).resolves.toBe('华能电气设备有限公司');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'update-info-company');
  });

  it('招标信息 /tenderMsg and 下载招标文件 /downloadTender', async () => {
    const page = await as('bidder1');
    await page.goto('/tenderMsg');
    await page.locator('.open-tender-card').first().waitFor();
    await shoot(page, 'tender-msg');
    await page.goto(`/downloadTender?id=${demoId}`);
    await page.getByText('招标文件', { exact: true }).first().waitFor();
    await page.locator('.download-doc-name').first().waitFor();
    await shoot(page, 'download-tender');
  });

  it('投标报价 /bidding, its form and the receipt', async () => {
    const page = await as('bidder1');
    await page.goto('/bidding');
    const item = page.locator('.ant-table-row, .ant-card', { hasText: BIDDABLE_TITLE }).last();
    await item.waitFor();
    await shoot(page, 'bidding');
    await button(item, '投标').or(button(item, '修改报价')).click();
    const form = dialog(page);
    await form.getByLabel('投标总价').fill('2360000');
    await form.getByTestId('price-in-words').waitFor();
    await form.getByLabel('交货期（天）').fill('60');
    await form.getByLabel('质保期（月）').fill('36');
    await shoot(page, 'bidding-form');
    await button(form, '提交').click();
    await button(page.locator('.ant-modal-confirm'), '确认提交').click();
    const receipt = page.locator('.ant-modal', { hasText: '投标回执' });
    await receipt.getByText(/报价已密封提交/).waitFor();
    await shoot(page, 'bidding-receipt');
    await button(receipt, '我已保存回执').click();
    await receipt.waitFor({ state: 'hidden' });
  });
});
