import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { PHONE, logIn, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, callApi, confirmPopover, dialog } from './support/admin';
import {
  activeTabPanel,
  apiLogin,
  quote,
  pageWidth,
  serverNow,
  screenshotPagesOnFailure,
} from './support/tender';

/**
 * Issue 12's story in separate browser profiles: three bidders quote on a tender whose deadline is
 * a minute away (bidder1 revises, bidder2 withdraws and bids again), the deadline passes on the
 * server's clock, the manager opens the bids, reads the record, the comparison and the chart,
 * and awards; the winner sees 中标 on 投标报价 and the others 未中标.
 */
const suite = browserSuite();
const contexts: BrowserContext[] = [];
afterEach(({ task }) => screenshotPagesOnFailure(contexts, task));
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const TITLE = '麒麟山风电场 35kV 集电线路开关柜采购';
const BIDDERS = ['bidder1', 'bidder2', 'bidder3'] as const;
const DEADLINE_SECONDS = 70;
/** With the demo tenders, a closed tender sorts past the first page of ten. */
const BIDDING = '/bidding?pageSize=50';

const pages = {} as Record<(typeof BIDDERS)[number] | 'manager', Page>;
let tenderId = 0;
let deadline = 0;

async function signedIn(name: keyof typeof pages) {
  const context = await suite.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, name);
  pages[name] = page;
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(name, 'CONSOLE', m.type(), m.text().slice(0, 300)));
    page.on('response', async (r) => {
      if (r.url().includes('bid')) console.log(name, r.url(), (await r.text()).slice(0, 200));
    });
  }
}

const bidRow = (page: Page) => page.locator('.ant-table-row', { hasText: TITLE });

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
    await screenshot(bidder1, 'story12-receipt');
    await button(receipt, '我已保存回执').click();

    await button(bidRow(bidder2), '投标').click();
    receipt = await quote(bidder2, '1220000', '壹佰贰拾贰万元整', '75');
    await button(receipt, '我已保存回执').click();

    await button(bidRow(bidder3), '投标').click();
    receipt = await quote(bidder3, '1260000', '壹佰贰拾陆万元整', '60');
    await button(receipt, '我已保存回执').click();

    await button(bidRow(bidder1), '修改报价').click();
    receipt = await quote(bidder1, '1150000', '壹佰壹拾伍万元整', '80');
    await receipt.getByText('报价已密封提交（第 2 版）').waitFor();
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
    await pages.bidder1.getByText(`恭喜！贵公司已中标「${TITLE}」`).waitFor();
    await screenshot(pages.bidder1, 'story12-bidding-won');
    for (const page of [pages.bidder2, pages.bidder3]) {
      await page.reload();
      await bidRow(page).getByText('未中标', { exact: true }).waitFor();
    }
  });

  it('the opening record, the comparison and 投标报价 fit a 390 px phone', async () => {
    const context = await suite.newContext(PHONE);
    contexts.push(context);
    const manager = await context.newPage();
    await logIn(manager, 'manager');
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
    const bidder = await (await suite.newContext(PHONE)).newPage();
    contexts.push(bidder.context());
    await logIn(bidder, 'bidder1');
    await bidder.goto(BIDDING);
    await bidder.getByText(`恭喜！贵公司已中标「${TITLE}」`).waitFor();
    expect(await pageWidth(bidder)).toBeLessThanOrEqual(390);
    await screenshot(bidder, 'story12-bidding-won-390');
  });
});
