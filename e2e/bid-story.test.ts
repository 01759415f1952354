import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, callApi, confirmPopover, dialog } from './support/admin';
import { activeTabPanel, apiLogin, quote, pageWidth, serverNow } from './support/tender';

/**
 * Issue 12's story in separate browser profiles: three bidders quote on a tender whose deadline is
 * a minute away (bidder1 revises, bidder2 withdraws and bids again), the deadline passes on the
 * server's clock, the manager opens the bids, reads the record, the comparison and the chart,
 * and awards; the winner sees 中标 on 投标报价 and the others 未中标. Issue 29: the 回执 holds the
 * price and prints or downloads, a price above the 最高投标限价 is warned of, the revision starts
 * from the tab's own copy, 验证回执 checks the kept digest, and /bidding?tenderId=N shows that
 * tender.
 */
const suite = browserSuite();
const { signedInPage } = storyPeople(suite);

const TITLE = '麒麟山风电场 35kV 集电线路开关柜采购';
const BIDDERS = ['bidder1', 'bidder2', 'bidder3'] as const;
const DEADLINE_SECONDS = 100;
const CEILING = 1_280_000;
/** With the demo tenders, a closed tender sorts past the first page of ten. */
const BIDDING = '/bidding?pageSize=50';

const pages = {} as Record<(typeof BIDDERS)[number] | 'manager', Page>;
let tenderId = 0;
let deadline = 0;
/** bidder1's 回执 of the version that is opened, as its downloaded file says. */
let keptReceipt = '';

async function signedIn(name: keyof typeof pages) {
  const page = await signedInPage(name);
  pages[name] = page;
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(name, 'CONSOLE', m.type(), m.text().slice(0, 300)));
    page.on('response', async (r) => {
      if (r.url().includes('bid')) console.log(name, r.url(), (await r.text()).slice(0, 200));
    });
  }
}

const bidRow = (page: Page) => page.locator('.ant-table-row', { hasText: TITLE });
/** 恭喜 for this tender: its own notice, or its line in the one notice of several wins. */
const wonNotice = (page: Page) =>
  page.locator('.ant-alert-success', { hasText: TITLE }).getByText(/恭喜！贵公司已中标/);

beforeAll(async () => {
  // Everyone logs in first, so the minute before the deadline goes to bidding.
  for (const name of [...BIDDERS, 'manager'] as const) await signedIn(name);

  const token = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
  deadline = (await serverNow(suite.baseUrl)) + DEADLINE_SECONDS * 1000;
  const created = await callApi(suite.baseUrl, token, '/api/ttender/ttender/insert-ttender', {
    title: TITLE,
    category: 'switchgear',
    region: 'northwest',
    budget: 1_300_000,
    priceCeiling: CEILING,
    currency: 'CNY',
    contact: '赵工',
    contactPhone: '0951-6888666',
    mandatory: false,
    bidDeadline: new Date(deadline).toISOString(),
    minBids: 3,
    description: '<p>35kV 集电线路开关柜 12 面，含保护测控装置。</p>',
  });
  expect(created.body.code).toBe(0);
  tenderId = (created.body.data as { id: number }).id;
  const published = await callApi(suite.baseUrl, token, '/api/ttender/ttender/publish-ttender', {
    id: tenderId,
  });
  expect(published.body.code).toBe(0);
  for (const name of BIDDERS) {
    const bidder = await apiLogin(suite.baseUrl, name, 'Bidder@12345');
    const signUp = await callApi(
      suite.baseUrl,
      bidder,
      `/api/ttender/ttender/add-supply-ttender?tenderId=${tenderId}`,
    );
    expect(signUp.body.code).toBe(0);
  }
});

describe('issue 12: sealed bids, opening, comparison and award', () => {
  it('three bidders quote before the deadline; one revises, one withdraws and bids again', async () => {
    const { bidder1, bidder2, bidder3 } = pages;
    for (const page of [bidder1, bidder2, bidder3]) await page.goto(BIDDING);

    await button(bidRow(bidder1), '投标').click();
    let receipt = await quote(bidder1, '1180000', '壹佰壹拾捌万元整', '90');
    await receipt.getByText('报价已密封提交（第 1 版）').waitFor();
    // The 回执 repeats the price: the submission's own answer, the one place it shows.
    expect(await receipt.getByTestId('receipt-price').innerText()).toBe('¥1,180,000.00');
    await receipt.getByText('壹佰壹拾捌万元整').waitFor();
    await screenshot(bidder1, 'story12-receipt');
    await bidder1.setViewportSize(PHONE);
    await screenshot(bidder1, 'story29-receipt-390');
    await bidder1.setViewportSize(DESKTOP);
    // 打印回执 prints the 回执 alone (the print stylesheet keys on the body's class).
    await bidder1.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = String(
          document.body.classList.contains('printing-bid-receipt'),
        );
      };
    });
    await button(receipt, '打印回执').click();
    expect(await bidder1.evaluate(() => document.body.dataset.printed)).toBe('true');
    await bidder1.evaluate(() => document.body.classList.add('printing-bid-receipt'));
    await bidder1.emulateMedia({ media: 'print' });
    await screenshot(bidder1, 'story29-receipt-print');
    await bidder1.emulateMedia({ media: 'screen' });
    await bidder1.evaluate(() => document.body.classList.remove('printing-bid-receipt'));
    await button(receipt, '我已保存回执').click();
    // Sealed for its own company too: the row shows the version, no price.
    await expect(bidRow(bidder1).getByText('1,180,000').count()).resolves.toBe(0);

    await button(bidRow(bidder2), '投标').click();
    receipt = await quote(bidder2, '1220000', '壹佰贰拾贰万元整', '75');
    await button(receipt, '我已保存回执').click();

    // Above the 最高投标限价: warned beside the price and again in the confirmation.
    await button(bidRow(bidder3), '投标').click();
    const form = dialog(bidder3);
    await form.getByLabel('投标总价').fill('1380000');
    await form.getByTestId('ceiling-warning').getByText('高于最高投标限价 ¥1,280,000.00').waitFor();
    await form.getByLabel('交货期（天）').fill('60');
    await form.getByLabel('质保期（月）').fill('24');
    await screenshot(bidder3, 'story29-quotation-ceiling');
    await bidder3.setViewportSize(PHONE);
    await screenshot(bidder3, 'story29-quotation-ceiling-390');
    await button(form, '提交').click();
    const confirm = bidder3.locator('.ant-modal-confirm');
    expect(await confirm.getByTestId('confirm-price').innerText()).toBe('¥1,380,000.00');
    await confirm.getByText('大写：壹佰叁拾捌万元整').waitFor();
    await confirm.getByText('报价高于最高投标限价 ¥1,280,000.00').waitFor();
    await screenshot(bidder3, 'story29-confirm-ceiling-390');
    await bidder3.setViewportSize(DESKTOP);
    await screenshot(bidder3, 'story29-confirm-ceiling');
    await button(confirm, '再检查一下').click();
    await confirm.waitFor({ state: 'hidden' });
    receipt = await quote(bidder3, '1260000', '壹佰贰拾陆万元整', '60');
    await button(receipt, '我已保存回执').click();

    // A revision starts from this tab's own copy of version 1.
    await button(bidRow(bidder1), '修改报价').click();
    await dialog(bidder1).getByText('已填入本机保存的第 1 版报价，请核对修改后提交').waitFor();
    expect(await dialog(bidder1).getByLabel('投标总价').inputValue()).toBe('1,180,000');
    receipt = await quote(bidder1, '1150000', '壹佰壹拾伍万元整', '80');
    await receipt.getByText('报价已密封提交（第 2 版）').waitFor();
    // 下载回执: a file the supplier keeps, with the digest and the price.
    const digest = await receipt.getByTestId('receipt-digest').innerText();
    const [download] = await Promise.all([
      bidder1.waitForEvent('download'),
      button(receipt, '下载回执').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^投标回执-.+-第2版\.txt$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toContain(`回执摘要：${digest}`);
    expect(file).toContain('投标总价：¥1,150,000.00');
    expect(file).toContain('大写：壹佰壹拾伍万元整');
    keptReceipt = /回执摘要：([0-9a-f]{64})/.exec(file)![1]!;
    await button(receipt, '我已保存回执').click();
    await bidRow(bidder1).getByText('已投标 第 2 版').waitFor();

    await button(bidRow(bidder2), '撤回').click();
    await confirmPopover(bidder2, '撤回');
    receipt = bidder2.locator('.ant-modal', { hasText: '投标回执' });
    await receipt.getByText('投标已撤回').waitFor();
    await button(receipt, '我已保存回执').click();
    await bidRow(bidder2).getByText('已撤回').waitFor();
    await button(bidRow(bidder2), '投标').click();
    receipt = await quote(bidder2, '1210000', '壹佰贰拾壹万元整', '70');
    await button(receipt, '我已保存回执').click();
    await bidRow(bidder2)
      .getByText(/已投标 第 \d 版/)
      .waitFor();

    // Before the deadline the manager learns nothing: no count, no names.
    await pages.manager.goto(`/denderManagement_details?id=${tenderId}&tab=bids`);
    await pages.manager.getByText('投标截止前不公开投标情况').waitFor();
    expect(await serverNow(suite.baseUrl)).toBeLessThan(deadline);
  }, 120_000);

  it('the deadline passes on the server clock and the bidders can no longer quote', async () => {
    while ((await serverNow(suite.baseUrl)) <= deadline + 1000) {
      await new Promise((r) => setTimeout(r, 1000));
    }
    await pages.bidder3.reload();
    await bidRow(pages.bidder3).getByText('已截止').first().waitFor();
    await expect(button(bidRow(pages.bidder3), '修改报价').isDisabled()).resolves.toBe(true);
  }, 120_000);

  it('the manager opens the bids and reads the record, the comparison and the chart', async () => {
    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening`);
    await manager.getByText('已到开标时间').first().waitFor();
    await button(manager, '开标').click();
    await confirmPopover(manager, '开标');
    await toast(manager, '开标完成').waitFor();
    const record = manager.locator('.opening-record-print');
    // The bids table (the confirmations below it name the same companies).
    const entries = record.locator('.ant-table').first();
    await entries.getByText('华能电气设备有限公司').waitFor();
    await expect(entries.locator('.ant-table-row').count()).resolves.toBe(3);
    await record.getByText('壹佰壹拾伍万元整').waitFor();
    await screenshot(manager, 'story12-opening-record');

    await manager.getByRole('tab', { name: '比价' }).click();
    const comparison = activeTabPanel(manager);
    await expect.poll(() => comparison.locator('.ant-table-row').count()).toBe(3);
    await comparison.locator('canvas').first().waitFor();
    // All three bid from this machine: the same-IP warning shows.
    await comparison.getByTestId('collusion-warnings').waitFor();
    await screenshot(manager, 'story12-comparison');
  });

  it('the manager awards the lowest valid bid once', async () => {
    const manager = pages.manager;
    await manager.getByRole('tab', { name: '定标' }).click();
    await button(activeTabPanel(manager), '定标').click();
    const award = dialog(manager);
    await award.getByText('华能电气设备有限公司').waitFor();
    await award.getByLabel('定标理由').fill('经评标委员会评审，报价最低且满足技术要求');
    await button(award, '确认定标').click();
    await toast(manager, '定标完成').waitFor();
    await manager.getByText('已定标：华能电气设备有限公司').waitFor();
    await screenshot(manager, 'story12-awarded');
  });

  it('the winner sees 中标 and the others 未中标 on 投标报价', async () => {
    await pages.bidder1.reload();
    await bidRow(pages.bidder1).getByText('中标', { exact: true }).waitFor();
    await wonNotice(pages.bidder1).waitFor();
    await screenshot(pages.bidder1, 'story12-bidding-won');
    for (const page of [pages.bidder2, pages.bidder3]) {
      await page.reload();
      await bidRow(page).getByText('未中标', { exact: true }).waitFor();
    }
  });

  it('验证回执: the digest recomputed from the opened bid matches the kept 回执', async () => {
    const bidder1 = pages.bidder1;
    await button(bidRow(bidder1), '验证回执').click();
    const check = dialog(bidder1);
    await check.getByText('回执验证一致').waitFor();
    await check.getByText('开标开启的正是贵公司提交的第 2 版。').waitFor();
    // The digest kept in the downloaded 回执 (prefilled from this tab's copy too).
    const kept = check.getByLabel('保存的回执摘要');
    await kept.fill(keptReceipt);
    await expect(check.locator('.ant-tag-success').count()).resolves.toBe(3);
    await screenshot(bidder1, 'story29-verify');
    await kept.fill('0'.repeat(64));
    await check.getByText('回执验证不一致').waitFor();
    await kept.fill(keptReceipt.toUpperCase());
    await check.getByText('回执验证一致').waitFor();
    await bidder1.keyboard.press('Escape');
    await check.waitFor({ state: 'hidden' });
  });

  it('/bidding?tenderId=N shows that tender, marked, until the filter is cleared', async () => {
    const bidder1 = pages.bidder1;
    await bidder1.goto(`/bidding?tenderId=${tenderId}`);
    await bidder1.getByText(`只看：${TITLE}`).waitFor();
    await bidder1.locator('.bidding-row-focused', { hasText: TITLE }).waitFor();
    await expect(bidder1.locator('.ant-table-row').count()).resolves.toBe(1);
    await screenshot(bidder1, 'story29-bidding-focused');
    await bidder1.getByLabel('显示全部项目').click();
    await expect.poll(() => bidder1.locator('.ant-table-row').count()).toBeGreaterThan(1);
    expect(new URL(bidder1.url()).searchParams.get('tenderId')).toBeNull();
  });

  it('the opening record, the comparison and 投标报价 fit a 390 px phone', async () => {
    const manager = await signedInPage('manager', PHONE);
    for (const [tab, name] of [
      ['opening-record', 'opening-record'],
      ['comparison', 'comparison'],
      ['award', 'awarded'],
    ] as const) {
      await manager.goto(`/denderManagement_details?id=${tenderId}&tab=${tab}`);
      await activeTabPanel(manager).getByText('华能电气设备有限公司').first().waitFor();
      if (tab === 'comparison') await activeTabPanel(manager).locator('canvas').first().waitFor();
      await manager.waitForLoadState('networkidle');
      expect(await pageWidth(manager)).toBeLessThanOrEqual(390);
      await screenshot(manager, `story12-${name}-390`);
    }
    const bidder = await signedInPage('bidder1', PHONE);
    await bidder.goto(BIDDING);
    await wonNotice(bidder).waitFor();
    expect(await pageWidth(bidder)).toBeLessThanOrEqual(390);
    await screenshot(bidder, 'story12-bidding-won-390');
    await bidder.goto(`/bidding?tenderId=${tenderId}`);
    const card = bidder.locator('.bidding-card-focused', { hasText: TITLE });
    await card.waitFor();
    expect(await pageWidth(bidder)).toBeLessThanOrEqual(390);
    await screenshot(bidder, 'story29-bidding-focused-390');
    await button(card, '验证回执').click();
    await dialog(bidder).getByText('回执验证一致').waitFor();
    expect(await pageWidth(bidder)).toBeLessThanOrEqual(390);
    await screenshot(bidder, 'story29-verify-390');
  });
});
