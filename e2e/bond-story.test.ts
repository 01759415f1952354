import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, dialog, pick } from './support/admin';
import {
  advanceServerClock,
  apiLogin,
  pageWidth,
  serverNow,
  settled,
  smallPdf,
  typeDate,
} from './support/tender';
import { COMPANIES, apiData } from './support/evaluation';

/**
 * Issue 33 around one bid, each person in a browser profile of their own: bidder1 asks a
 * question that the manager answers and bidder2 and bidder3 read without learning who asked;
 * bidder1 pays its bid bond by transfer and bidder2 by a bank guarantee, finance verifies the
 * first and rejects the second, and the opening finds bidder2's bid invalid. After the award
 * the manager records the contract, finance refunds the bonds now due within 5 days, and the
 * demo's overdue bond shows red. The tender, sign-ups, bids, bidder3's bond, the opening and
 * the award are arranged through the API: they are other stories.
 */
const DAY = 86_400_000;
const suite = browserSuite({ TEST_CLOCK: '1' });
const { pageOf } = storyPeople(suite, { stepByStep: true });

const TITLE = '临港 110kV 变电站 GIS 组合电器采购';
const BOND = 20_000;
const PRICES = { bidder1: 900_000, bidder2: 880_000, bidder3: 950_000 } as const;
const QUESTION = '招标文件第三章要求的型式试验报告，是否接受同系列 126kV 产品的报告？';
const ANSWER = '接受同系列产品的型式试验报告，但须附制造商出具的结构一致性说明。';
const REJECTION = '保函无法核实：出具银行查询不到该保函编号';
const FINANCE = { username: 'finance', password: 'Finance@12345' };
type Bidder = keyof typeof PRICES;

const shot = (page: Page, name: string) => screenshot(page, `bond-story-${name}`);
/** The same screen at 390 px, then back at 1440 px. */
async function phoneShot(page: Page, name: string, wait: Locator) {
  await page.setViewportSize(PHONE);
  await wait.first().scrollIntoViewIfNeeded();
  await settled(page);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  // The phone closed the sidebar and its cookie keeps it closed: the next load opens it again.
  await page.context().clearCookies({ name: 'sidebarStatus' });
}
/** A Beijing day, YYYY-MM-DD (the server's days for due dates and signing). */
const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

let tenderId = 0;
let deadline = 0;
const tokens = {} as Record<Bidder | 'manager' | 'finance', string>;
const bidIds = {} as Record<Bidder, number>;
const pages = {} as Record<Bidder | 'manager' | 'finance', Page>;

/** A profile whose tab holds `token` as the app's session, as the login form leaves it. */
async function sessionPage(token: string, viewport: typeof DESKTOP) {
  const page = await pageOf(viewport);
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('Admin-Token')) sessionStorage.setItem('Admin-Token', value);
  }, token);
  return page;
}

/** Uploads a small PDF as `token`'s and answers its file id. */
async function uploadPdf(token: string, name: string) {
  const body = new FormData();
  body.append(
    'file',
    new Blob([new Uint8Array(smallPdf(name))], { type: 'application/pdf' }),
    name,
  );
  const response = await fetch(`${suite.baseUrl}/tendering-service/api/file/upload`, {
    method: 'POST',
    headers: { Authorization: token },
    body,
  });
  const answer = (await response.json()) as { code: number; data?: { id: number } };
  if (answer.code !== 0 || !answer.data) throw new Error(`upload: ${JSON.stringify(answer)}`);
  return answer.data.id;
}

/** The bond ledger's row of one supplier (the ledger filtered to this tender). */
const ledgerRow = (page: Page, who: Bidder) =>
  page.locator('.ant-table-row', { hasText: COMPANIES[who] });
/** On a phone the lists are cards, one a row (overdue ones edged red: fact-card-danger). */
const card = (page: Page, text: string) => page.locator('.fact-card', { hasText: text });

async function openLedger(page: Page, query = `keyword=${encodeURIComponent(TITLE)}`) {
  const listed = page.waitForResponse((r) => r.url().includes('/list-bond') && r.ok());
  await page.goto(`/bond?${query}`);
  await listed;
}

describe('issue 33: questions, bid bonds and the contract around one tender', () => {
  it('arranged through the API: a one-lot tender asking a ¥20,000 bond, three sign-ups and bids', async () => {
    const api = <T>(token: string, path: string, body?: unknown) =>
      apiData<T>(suite.baseUrl, token, path, body);
    tokens.manager = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
    tokens.finance = await apiLogin(suite.baseUrl, FINANCE.username, FINANCE.password);
    deadline = (await serverNow(suite.baseUrl)) + 3 * DAY;
    const created = await api<{ id: number }>(
      tokens.manager,
      '/api/ttender/ttender/insert-ttender',
      {
        title: TITLE,
        category: 'switchgear',
        region: 'east',
        budget: 1_000_000,
        currency: 'CNY',
        contact: '沈工',
        contactPhone: '021-58886666',
        mandatory: false,
        bidDeadline: new Date(deadline).toISOString(),
        bidValidityDays: 60,
        bondForms: ['transfer', 'guarantee'],
        // One lot bearing the tender's name: a one-lot tender that asks a bond.
        lots: [{ name: TITLE, budget: 1_000_000, minBids: 2, bidBond: BOND }],
        description: '<p>110kV GIS 组合电器 5 个间隔，含安装指导与调试。</p>',
      },
    );
    tenderId = created.id;
    await api(tokens.manager, '/api/ttender/ttender/publish-ttender', { id: tenderId });
    for (const who of Object.keys(PRICES) as Bidder[]) {
      tokens[who] = await apiLogin(suite.baseUrl, who, 'Bidder@12345');
      await api(tokens[who], `/api/ttender/ttender/add-supply-ttender?tenderId=${tenderId}`);
      const bid = await api<{ bidId: number }>(
        tokens[who],
        '/api/bidding/bid-management/submit-bid',
        {
          tenderId,
          totalPrice: PRICES[who],
          currency: 'CNY',
          deliveryDays: 90,
          warrantyMonths: 36,
          remark: '含 GIS 供货、运输、安装指导及调试',
          fileIds: [],
        },
      );
      bidIds[who] = bid.bidId;
    }
    // bidder3's bond, declared and verified off screen: a second bond for the refunds.
    const bond = await api<{ id: number }>(
      tokens.bidder3,
      '/api/bond/bond-management/declare-bond',
      {
        tenderId,
        form: 'transfer',
        amount: BOND,
        payerName: COMPANIES.bidder3,
        payerAccount: '4000 0231 0900 1234 567',
        fileIds: [await uploadPdf(tokens.bidder3, 'bond-bidder3.pdf')],
      },
    );
    await api(tokens.finance, '/api/bond/bond-management/verify-bond', {
      id: bond.id,
      action: 'verify',
    });
    // Each person's profile carries the session the API gave (bidder3 on a phone): signing in
    // is not this story, and five logins cost seconds each on a busy machine.
    for (const who of ['bidder1', 'bidder2', 'bidder3', 'manager', 'finance'] as const)
      pages[who] = await sessionPage(tokens[who], who === 'bidder3' ? PHONE : DESKTOP);
  });

  it('答疑: bidder1 asks, the manager answers, bidder2 and bidder3 read the answer without the asker', async () => {
    const { bidder1, manager, bidder2, bidder3 } = pages;
    await bidder1.goto(`/downloadTender?id=${tenderId}&tab=qa`);
    await bidder1.getByLabel('我要提问').fill(QUESTION);
    await button(bidder1, '提交问题').click();
    await toast(bidder1, '问题已提交').waitFor();
    const asked = bidder1.locator('.question-item', { hasText: QUESTION });
    await asked.getByText('我的提问').waitFor();
    await asked.getByText('待答复').waitFor();

    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=qa`);
    const item = manager.locator('.question-item', { hasText: QUESTION });
    // Managers alone see who asked.
    await item.getByText(`提问人：${COMPANIES.bidder1}（bidder1）`).waitFor();
    await button(item, '答复').click();
    const form = dialog(manager);
    await form.getByLabel('答复', { exact: true }).fill(ANSWER);
    await button(form, '发布答复').click();
    await toast(manager, '答复已发布').waitFor();
    await form.waitFor({ state: 'hidden' });
    await item.getByText(ANSWER).waitFor();
    await shot(manager, '02-qa-manager');

    // bidder2 at 1440 px, bidder3 on a phone: the answer, never who asked.
    for (const reader of [bidder2, bidder3]) {
      await reader.goto(`/downloadTender?id=${tenderId}&tab=qa`);
      const answered = reader.locator('.question-item', { hasText: QUESTION });
      await answered.getByText(ANSWER).waitFor();
      const qa = await reader.locator('.question-tab').innerText();
      for (const asker of [COMPANIES.bidder1, 'bidder1', '提问人', '我的提问'])
        expect(qa).not.toContain(asker);
      await answered.scrollIntoViewIfNeeded();
      await settled(reader);
    }
    await shot(bidder2, '03-qa-bidder');
    expect(await pageWidth(bidder3)).toBeLessThanOrEqual(PHONE.width);
    await shot(bidder3, '03-qa-bidder-390');
  });

  it('bidder1 declares a transfer, bidder2 a bank guarantee, on 投标报价', async () => {
    const declare = async (
      who: 'bidder1' | 'bidder2',
      fill: (form: Locator, page: Page) => Promise<void>,
    ) => {
      const page = pages[who];
      await page.goto(`/bidding?tenderId=${tenderId}`);
      const line = page.getByTestId('lot-bond');
      await line.getByText('未申报').waitFor();
      await button(line, '申报保证金').click();
      const form = dialog(page);
      // Filled once loaded: the required amount and the company as payer.
      await expect
        .poll(() => form.getByLabel('付款单位', { exact: true }).inputValue())
        .toBe(COMPANIES[who]);
      await fill(form, page);
      await form.locator('input[type=file]').setInputFiles({
        name: `${who}-保证金凭证.pdf`,
        mimeType: 'application/pdf',
        buffer: smallPdf(`Bid bond of ${who}`),
      });
      await form.locator('.ant-upload-list-item-done', { hasText: '保证金凭证' }).waitFor();
      if (who === 'bidder2') {
        await settled(page);
        await shot(page, '04-declare-guarantee');
      }
      await button(form, '提交申报').click();
      await toast(page, '已申报，等待财务核验').waitFor();
      await form.waitFor({ state: 'hidden' });
      await line.getByText('待核验').waitFor();
    };
    await declare('bidder1', async (form, page) => {
      await pick(form, page, '保证金形式', '转账');
      await form.getByLabel('付款账号').fill('6222 0210 0101 8866 123');
    });
    await declare('bidder2', async (form, page) => {
      await pick(form, page, '保证金形式', '银行保函');
      await form.getByLabel('付款账号').fill('3100 6655 0180 1002 468');
      await form.getByLabel('保函编号').fill('BOC-LG-2026-0417');
      await form.getByLabel('出具机构').fill('中国银行上海临港支行');
      // The deadline plus 60 days of bid validity, and a month to spare.
      await typeDate(form, page, '有效期至', beijingDay(deadline + 90 * DAY));
    });
  });

  it('finance verifies bidder1’s bond and rejects bidder2’s on 保证金管理', async () => {
    const finance = pages.finance;
    await openLedger(finance);
    await ledgerRow(finance, 'bidder3').getByText('已核验').waitFor();
    // A one-lot tender: no 标段 1 repeating its title.
    await expect(ledgerRow(finance, 'bidder3').innerText()).resolves.not.toContain('标段 1');
    // Everyone but the declaring supplier reads the account's last four digits only.
    await ledgerRow(finance, 'bidder1').getByText('**** 6123').waitFor();

    await button(ledgerRow(finance, 'bidder1'), '核验').click();
    let form = dialog(finance);
    await settled(finance);
    await button(form, '确认核验').click();
    await toast(finance, '已核验').waitFor();
    await form.waitFor({ state: 'hidden' });
    await ledgerRow(finance, 'bidder1').getByText('已核验').waitFor();

    await button(ledgerRow(finance, 'bidder2'), '核验').click();
    form = dialog(finance);
    await form.getByRole('radio', { name: '驳回' }).check();
    await form.getByLabel('驳回原因').fill(REJECTION);
    await button(form, '确认驳回').click();
    await toast(finance, '已驳回').waitFor();
    await form.waitFor({ state: 'hidden' });
    await ledgerRow(finance, 'bidder2').getByText(`驳回：${REJECTION}`).waitFor();
    await settled(finance);
    await shot(finance, '06-bond-ledger');
    await phoneShot(
      finance,
      '06-bond-ledger',
      card(finance, COMPANIES.bidder2).getByText('已驳回'),
    );

    // bidder2 reads the reason on 投标报价.
    const bidder2 = pages.bidder2;
    await bidder2.reload();
    await bidder2.getByTestId('lot-bond').getByText(`驳回原因：${REJECTION}`).waitFor();
  });

  it('the deadline passes; the opening finds bidder2’s bid, without a verified bond, invalid', async () => {
    await advanceServerClock(
      suite.baseUrl,
      deadline + 2 * 60_000 - (await serverNow(suite.baseUrl)),
    );
    await apiData(suite.baseUrl, tokens.manager, '/api/ttender/ttender/open-bids', {
      id: tenderId,
    });
    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening-record`);
    // The record's own table (the suppliers' confirmations follow in another).
    const record = manager.locator('.ant-table').first();
    const invalid = record.locator('.ant-table-row', { hasText: COMPANIES.bidder2 });
    await invalid.getByText('未按要求提交投标保证金').waitFor();
    await invalid.getByText('无效', { exact: true }).waitFor();
    for (const who of ['bidder1', 'bidder3'] as const)
      await expect(
        record.locator('.ant-table-row', { hasText: COMPANIES[who] }).innerText(),
      ).resolves.not.toContain('无效');
    await settled(manager);
    await shot(manager, '07-opening-record');
  });

  it('after the award the manager records the contract on 合同管理', async () => {
    await apiData(suite.baseUrl, tokens.manager, '/api/ttender/ttender/award-ttender', {
      id: tenderId,
      bidId: bidIds.bidder1,
      reason: '有效投标中报价最低且满足招标文件要求',
    });
    const manager = pages.manager;
    await manager.goto('/contract');
    const row = manager.locator('.ant-table-row', { hasText: TITLE });
    await row.getByText('未录入').waitFor();
    await row.getByText(COMPANIES.bidder1).waitFor();
    await button(row, '录入合同').click();
    const form = dialog(manager);
    // Filled from the award: today and the awarded amount.
    await expect(form.getByLabel('合同金额').inputValue()).resolves.toBe('900,000.00');
    await form.locator('input[type=file]').setInputFiles({
      name: 'GIS 组合电器采购合同.pdf',
      mimeType: 'application/pdf',
      buffer: smallPdf('GIS purchase contract'),
    });
    await form.locator('.ant-upload-list-item-done', { hasText: '采购合同' }).waitFor();
    await button(form, '录入').click();
    const confirm = manager.locator('.ant-modal-confirm');
    await confirm.getByText(/投标保证金自此开始计算 5 日的退还期限/).waitFor();
    await settled(manager);
    await button(confirm, '确认录入').click();
    await toast(manager, '合同已录入').waitFor();
    const signed = beijingDay(await serverNow(suite.baseUrl));
    await row.getByText(`签订于 ${signed}`).waitFor();
    // The demo's contract past its 30 days reads red beside it.
    await manager.locator('.contract-row-overdue .contract-overdue').first().waitFor();
    await settled(manager);
    await shot(manager, '09-contract');
    await phoneShot(manager, '09-contract', card(manager, TITLE).getByText(`签订于 ${signed}`));
  });

  it('finance sees both verified bonds due in 5 days, refunds them, and the overdue one shows red', async () => {
    const finance = pages.finance;
    const due = beijingDay((await serverNow(suite.baseUrl)) + 5 * DAY);
    await openLedger(finance);
    for (const who of ['bidder1', 'bidder3'] as const) {
      const bondRow = ledgerRow(finance, who);
      await bondRow.getByText('待退还').waitFor();
      await bondRow.getByText(due).waitFor();
      await bondRow.getByText('合同签订').waitFor();
    }
    // A rejected bond was never held: nothing to refund.
    await expect(ledgerRow(finance, 'bidder2').innerText()).resolves.not.toContain('待退还');

    for (const [who, reference] of [
      ['bidder1', 'BOC20261128000101'],
      ['bidder3', 'BOC20261128000102'],
    ] as const) {
      await button(ledgerRow(finance, who), '退还').click();
      const form = dialog(finance);
      await form.getByText(`应于 ${due} 前退还`).waitFor();
      await form.getByLabel('银行流水号').fill(reference);
      await settled(finance);
      await button(form, '确认退还').click();
      await toast(finance, '已登记退还').waitFor();
      await form.waitFor({ state: 'hidden' });
      await ledgerRow(finance, who).getByText(`流水号 ${reference}`).waitFor();
    }

    // The demo's bond on a failed lot was never refunded: red, counted on the menu.
    await openLedger(finance, '');
    const alert = finance.locator('.ant-alert-error', { hasText: '笔保证金已超过退还期限' });
    await alert.waitFor();
    await finance.locator('.app-sidebar .menu-badge').first().waitFor();
    const filtered = finance.waitForResponse(
      (r) => r.url().includes('/list-bond') && r.url().includes('overdue=true') && r.ok(),
    );
    await alert.getByRole('button', { name: '只看逾期' }).click();
    await filtered;
    const overdue = finance.locator('.ant-table-row.bond-row-overdue');
    await overdue.first().getByText('已逾期').waitFor();
    // Once the filtered page replaces the whole ledger, every row is an overdue one.
    await expect
      .poll(() => finance.locator('.ant-table-row:not(.bond-row-overdue)').count())
      .toBe(0);
    const dueDay = overdue.first().locator('[data-overdue]');
    // Ant Design's error colour, #ff4d4f.
    await expect(dueDay.evaluate((el) => getComputedStyle(el).color)).resolves.toBe(
      'rgb(255, 77, 79)',
    );
    await settled(finance);
    await shot(finance, '11-bond-overdue');
    await phoneShot(
      finance,
      '11-bond-overdue',
      finance.locator('.fact-card-danger').first().getByText('已逾期'),
    );
  });
});
