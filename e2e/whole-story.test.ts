import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { DESKTOP, PHONE, SCREENSHOT_DIR, logIn, screenshot } from './support/browser';
import { renderPdf } from './support/pdf';
import { toast } from './support/shell';
import { button, confirmPopover, dialog, pick } from './support/admin';
import {
  activeTabPanel,
  advanceServerClock,
  creditCode,
  pageWidth,
  pickerText,
  quote,
  serverNow,
  settled,
  smallPdf,
  typeDate,
} from './support/tender';

/**
 * Issue 13's whole story, each person in a browser profile of their own, every step through the
 * screens: a new company registers, waits (待审核 in 个人信息) and is approved with a reason; the
 * manager publishes a tender of the company's own procurement (no evaluation committee: the
 * manager compares and awards; the committee's story of a 依法必须招标 tender is
 * evaluation-story.test.ts) with a document and amends it; the public finds it, highlighted; the
 * company, bidder1 and bidder2 sign up and download (the manager sees both) and bid: the company
 * revises, bidder2 is warned above the 最高投标限价, withdraws and bids again; the deadline passes
 * and quoting stops; the manager opens, compares, publishes the candidates; bidder2 objects and
 * is answered; the manager awards once and publishes the result; the public finds it by a
 * two-character keyword; the winner sees 中标, its 中标通知书 and a 回执 that verifies; the others
 * see 未中标. It also holds what issues 11 (register to download), 12 (quote to award) and 29
 * (the 回执) asked of these screens, which their own files once repeated.
 *
 * Days pass on the server's test clock (TEST_CLOCK=1), which every rule and countdown reads. The
 * story uses the `server` seal mode; the `bidder` mode (issue 14) is remote-opening.test.ts.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const suite = browserSuite({ TEST_CLOCK: '1' });
const { pageOf } = storyPeople(suite, { stepByStep: true });

const BIDDING = '/bidding?pageSize=50';
const OBJECTION = '第一中标候选人近三年同类储能项目业绩不足两项，请予复核。';
const ANSWER = '经评标委员会复核，第一中标候选人提供的三项同类业绩真实有效，异议不成立。';
const AMEND_REASON = '预算调整，并补充开关柜柜体防护等级要求';

const COMPANY = '青岚智能电气有限公司';
const ACCOUNT = { username: 'qinglan.bid', password: 'Qinglan@2026' };
/** In no demo tender or announcement: the public search finds this story alone. */
const KEYWORD = '玄武';
const TITLE = '玄武湖储能电站 10kV 开关柜及保护装置采购';
const DOCUMENT = '玄武湖储能电站开关柜技术规范书.pdf';

type Person = 'company' | 'bidder1' | 'bidder2' | 'manager' | 'visitor';
const EVIDENCE = '第一中标候选人业绩查询记录.pdf';

/**
 * Opens the bell (after a reload: it polls once a minute) and clicks the notice reading `text`;
 * answers the highlighted objection row it leads to (when `toRow`).
 */
async function openNotification(page: Page, text: RegExp, toRow = true) {
  await page.reload();
  await page.locator('.navbar-icon[aria-label^="消息通知"]').click();
  await page.locator('.notification-item', { hasText: text }).first().click();
  await page.waitForURL((url) => url.pathname === '/announcementDetail');
  return toRow ? page.locator('.ant-table-row.objection-highlight') : page.locator('body');
}

const bidRow = (page: Page) => page.locator('.ant-table-row', { hasText: TITLE });
/** 恭喜 for this tender: its own notice, or its line in the one notice of several wins. */
const wonNotice = (page: Page) =>
  page.locator('.ant-alert-success', { hasText: TITLE }).getByText(/恭喜！贵公司已中标/);
const pages = {} as Record<Person, Page>;
const shot = (who: Person, name: string) => screenshot(pages[who], `story13-server-${name}`);
let tenderId = 0;
let tenderNo = '';
let deadline = 0;
let candidatesId = 0;
let resultId = 0;
/** The company's 回执 digest of the version that is opened, as its downloaded file says. */
let keptReceipt = '';

describe('issue 13: the whole story', () => {
  it('a new company registers on /register, waits for review and the manager approves it', async () => {
    const company = (pages.company = await pageOf());
    await company.goto('/register');
    const form = company.locator('form[aria-label="供应商注册"]');
    await form.getByLabel('公司名称').fill(COMPANY);
    // Live validation: a wrong check digit is named before anything is sent.
    await form.getByLabel('统一社会信用代码').fill('91310115000000001A');
    await form.getByText('统一社会信用代码校验位不正确').waitFor();
    await form.getByLabel('统一社会信用代码').fill(creditCode(20261123));
    await form.getByLabel('法定代表人').fill('沈青岚');
    await form.getByLabel('注册资本').fill('8000 万元人民币');
    await form.getByLabel('联系人').fill('陈默');
    await form.getByLabel('联系电话').fill('13851234567');
    await form.getByLabel('电子邮箱').fill('tender@qinglan-electric.example.cn');
    await form.getByLabel('通讯地址').fill('南京市玄武区珠江路 66 号');
    await pick(form, company, '供货类别', '开关柜');
    await company.keyboard.press('Escape');
    await form.getByLabel('经营范围').fill('中低压开关柜、储能变流升压一体舱的研发、制造与销售');
    await form.getByLabel('用户名').fill(ACCOUNT.username);
    await form.getByLabel('密码', { exact: true }).fill(ACCOUNT.password);
    await form.getByLabel('确认密码').fill('Qinglan@2025');
    await form.getByText('两次输入的密码不一致').waitFor();
    await form.getByLabel('确认密码').fill(ACCOUNT.password);
    await shot('company', '01-register');
    await button(form, '提交注册').click();
    await company.getByText('注册成功，等待审核').waitFor();
    await company.getByText(`「${COMPANY}」的注册资料已提交`).waitFor();
    await screenshot(company, 'story11-register-done');

    // Before the review the company may log in, and 个人信息 says it waits.
    await logIn(company, ACCOUNT);
    await company.goto('/updateInfo');
    const card = company.locator('.ant-card', { hasText: '企业信息' });
    await card.getByText('贵公司资料正在审核中').waitFor();
    await card.getByText('待审核').first().waitFor();
    await expect(card.getByLabel('公司名称').inputValue()).resolves.toBe(COMPANY);

    const manager = (pages.manager = await pageOf());
    await logIn(manager, 'manager');
    await manager.goto('/supply?status=pending');
    const line = manager.locator('.ant-table-row', { hasText: COMPANY });
    await button(line, '通过').click();
    const review = dialog(manager);
    await review.getByLabel('审核意见').fill('营业执照、资质证书与业绩材料齐全，予以通过');
    await shot('manager', '02-supplier-review');
    await button(review, '确认通过').click();
    await toast(manager, `已通过「${COMPANY}」`).waitFor();
    await line.waitFor({ state: 'detached' });
    await manager.goto('/supply?status=approved');
    await manager.locator('.ant-table-row', { hasText: COMPANY }).getByText('已通过').waitFor();
  });

  it('the manager creates a tender with a document, publishes and amends it; the public finds it', async () => {
    const manager = pages.manager;
    const now = await serverNow(suite.baseUrl);
    deadline = now + 21 * DAY;
    await manager.goto('/tender_list');
    await button(manager, '新建招标').click();
    const form = dialog(manager);
    await form.getByLabel('招标标题').fill(TITLE);
    await pick(form, manager, '设备类别', '开关柜');
    await pick(form, manager, '地区', '华东');
    await form.getByLabel('预算金额').fill('1300000');
    await form.getByText('大写：壹佰叁拾万元整').waitFor();
    await form.getByLabel('最高投标限价').fill('1280000');
    await form.getByLabel('联系人').fill('王工');
    await form.getByLabel('联系电话').fill('025-84886666');
    // 21 days: as long as a 依法必须招标 tender's statutory minimum of 20 would ask.
    await typeDate(form, manager, '投标截止时间', pickerText(deadline));
    await form.getByLabel('最少有效投标数').fill('3');
    // The remote opening asks its decryption window; this story keeps the server's seal.
    await form.getByRole('radio', { name: '投标人加密（开标时解密）' }).check();
    await form.getByLabel('解密时限（分钟）').waitFor();
    await form.getByRole('radio', { name: '服务器密封' }).check();
    await form.getByLabel('解密时限（分钟）').waitFor({ state: 'detached' });
    await form.locator('input[type=file]').setInputFiles({
      name: DOCUMENT,
      mimeType: 'application/pdf',
      buffer: smallPdf('Xuanwu switchgear specification'),
    });
    await form.locator('.ant-upload-list-item-done', { hasText: DOCUMENT }).waitFor();
    await shot('manager', '03-tender-form');
    await button(form, '保存草稿').click();
    const created = toast(manager, '已创建招标草稿');
    await created.waitFor();
    tenderNo = /ZB-\d{4}-\d{6}/.exec(await created.innerText())![0];
    await form.waitFor({ state: 'hidden' });

    await manager.locator('.ant-table-row', { hasText: TITLE }).getByText(TITLE).click();
    await manager.waitForURL((url) => url.pathname === '/denderManagement_details');
    await manager.getByRole('heading', { name: TITLE }).waitFor();
    tenderId = Number(new URL(manager.url()).searchParams.get('id'));
    await manager.getByRole('tab', { name: '招标文件（1）' }).click();
    await activeTabPanel(manager).getByText(DOCUMENT).first().waitFor();
    await button(manager, '发布').click();
    await button(manager.locator('.ant-modal-confirm'), '发布').click();
    await toast(manager, '发布成功').waitFor();
    await manager.locator('.tender-detail-header').getByText('招标中').waitFor();
    await shot('manager', '04-tender-published');

    await button(manager, '澄清/修改').click();
    const amend = dialog(manager);
    await amend.getByLabel('澄清/修改原因').fill(AMEND_REASON);
    await amend.getByLabel('预算金额').fill('1350000');
    await button(amend, '预览修改结果').click();
    const preview = manager.getByTestId('amend-preview');
    await preview.getByText('第 1 号').waitFor();
    await preview.getByText('预算金额').waitFor();
    await screenshot(manager, 'story11-amend-preview');
    await button(amend, '确认修改').click();
    await toast(manager, '已发布第 1 号澄清/修改').waitFor();
    await manager.getByRole('tab', { name: '澄清/修改（1）' }).click();
    await activeTabPanel(manager).getByText(AMEND_REASON).first().waitFor();

    await manager.goto('/tender_list');
    await manager.locator('.ant-table-row', { hasText: TITLE }).getByText(/\d+天/).waitFor();
    await shot('manager', '04-tender-list');

    // The public search finds it by two characters, highlighted.
    const visitor = (pages.visitor = await pageOf());
    await visitor.goto('/tenderMsgSearch');
    await visitor.getByLabel('关键词').fill(KEYWORD);
    await visitor.getByLabel('关键词').press('Enter');
    await visitor.waitForURL((url) => url.searchParams.get('keyword') === KEYWORD);
    const cards = visitor.locator('.public-result-card');
    await cards.filter({ hasText: tenderNo }).waitFor();
    // Newest first: before the search answers, the unfiltered page shows this tender too.
    await expect.poll(() => cards.count()).toBe(1);
    await expect(cards.locator('mark').first().innerText()).resolves.toBe(KEYWORD);
    await cards.first().click();
    await visitor.locator('.ant-drawer:visible').getByText(TITLE).first().waitFor();
    expect(new URL(visitor.url()).searchParams.get('id')).toMatch(/^\d+$/);
    await screenshot(visitor, 'story11-public-search-drawer');
  });

  it('three companies sign up and download the document; the manager sees both', async () => {
    pages.bidder1 = await pageOf();
    pages.bidder2 = await pageOf();
    await logIn(pages.bidder1, 'bidder1');
    await logIn(pages.bidder2, 'bidder2');
    for (const who of ['company', 'bidder1', 'bidder2'] as const) {
      const page = pages[who];
      await page.goto(`/tenderMsg?keyword=${encodeURIComponent(KEYWORD)}`);
      const card = page.locator('.open-tender-card', { hasText: tenderNo });
      await button(card, '报名').click();
      await toast(page, '报名成功，可下载招标文件').waitFor();
      await card.getByText('已报名').waitFor();
      if (who === 'company') await shot('company', '05-tender-msg');
      await card.getByRole('link', { name: /查看文件/ }).click();
      await page.waitForURL((url) => url.pathname === '/downloadTender');
      if (who === 'company') {
        await page.getByText(AMEND_REASON).first().waitFor();
        // The amended amount reads as money (thousands separators), as on the manager's side.
        const amendment = page.locator('.ant-collapse', { hasText: '第 1 号澄清/修改' });
        await amendment.getByText('1,300,000.00', { exact: true }).waitFor();
        await amendment.getByText('→ 1,350,000.00').first().waitFor();
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        button(page.locator('.ant-list-item', { hasText: DOCUMENT }), '下载').click(),
      ]);
      expect(download.suggestedFilename()).toBe(DOCUMENT);
      if (who === 'company') {
        expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
        await shot('company', '06-download');
      }
    }

    // The manager sees the sign-up and the logged download.
    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=participants`);
    await activeTabPanel(manager).locator('.ant-table-row', { hasText: COMPANY }).waitFor();
    await manager.getByRole('tab', { name: /^招标文件/ }).click();
    await activeTabPanel(manager)
      .locator('.ant-table-row', { hasText: ACCOUNT.username })
      .getByText(DOCUMENT)
      .waitFor();
  });

  it('they bid: the company revises, bidder2 is warned above the ceiling, withdraws and bids again', async () => {
    // The company's 回执 repeats the price (the submission's own answer, the one place it shows)
    // and prints alone (the print stylesheet keys on the body's class).
    const company = pages.company;
    await company.goto(BIDDING);
    await button(bidRow(company), '投标').click();
    let receipt = await quote(company, '1190000', '壹佰壹拾玖万元整', '90');
    await receipt.getByText('报价已密封提交（第 1 版）').waitFor();
    expect(await receipt.getByTestId('receipt-price').innerText()).toBe('¥1,190,000.00');
    await receipt.getByText('壹佰壹拾玖万元整').waitFor();
    await shot('company', '07-receipt');
    await company.setViewportSize(PHONE);
    await screenshot(company, 'story29-receipt-390');
    await company.setViewportSize(DESKTOP);
    await company.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = String(
          document.body.classList.contains('printing-bid-receipt'),
        );
      };
    });
    await button(receipt, '打印回执').click();
    expect(await company.evaluate(() => document.body.dataset.printed)).toBe('true');
    await company.evaluate(() => document.body.classList.add('printing-bid-receipt'));
    await company.emulateMedia({ media: 'print' });
    await screenshot(company, 'story29-receipt-print');
    await company.emulateMedia({ media: 'screen' });
    await company.evaluate(() => document.body.classList.remove('printing-bid-receipt'));
    await button(receipt, '我已保存回执').click();
    await bidRow(company).getByText('已投标 第 1 版').waitFor();
    // Sealed for its own company too: the row shows the version, no price.
    await expect(bidRow(company).getByText('1,190,000').count()).resolves.toBe(0);

    const bidder1 = pages.bidder1;
    await bidder1.goto(BIDDING);
    await button(bidRow(bidder1), '投标').click();
    receipt = await quote(bidder1, '1180000', '壹佰壹拾捌万元整', '80');
    await button(receipt, '我已保存回执').click();

    // Above the 最高投标限价: warned beside the price and again in the confirmation.
    const bidder2 = pages.bidder2;
    await bidder2.goto(BIDDING);
    await button(bidRow(bidder2), '投标').click();
    const form = dialog(bidder2);
    await form.getByLabel('投标总价').fill('1380000');
    await form.getByTestId('ceiling-warning').getByText('高于最高投标限价 ¥1,280,000.00').waitFor();
    await form.getByLabel('交货期（天）').fill('75');
    await form.getByLabel('质保期（月）').fill('24');
    await screenshot(bidder2, 'story29-quotation-ceiling');
    await bidder2.setViewportSize(PHONE);
    await screenshot(bidder2, 'story29-quotation-ceiling-390');
    await button(form, '提交').click();
    const confirm = bidder2.locator('.ant-modal-confirm');
    expect(await confirm.getByTestId('confirm-price').innerText()).toBe('¥1,380,000.00');
    await confirm.getByText('大写：壹佰叁拾捌万元整').waitFor();
    await confirm.getByText('报价高于最高投标限价 ¥1,280,000.00').waitFor();
    await screenshot(bidder2, 'story29-confirm-ceiling-390');
    await bidder2.setViewportSize(DESKTOP);
    await screenshot(bidder2, 'story29-confirm-ceiling');
    await button(confirm, '再检查一下').click();
    await confirm.waitFor({ state: 'hidden' });
    receipt = await quote(bidder2, '1220000', '壹佰贰拾贰万元整', '75');
    await button(receipt, '我已保存回执').click();

    // A revision starts from this tab's own copy of version 1.
    await button(bidRow(company), '修改报价').click();
    await dialog(company).getByText('已填入本机保存的第 1 版报价，请核对修改后提交').waitFor();
    expect(await dialog(company).getByLabel('投标总价').inputValue()).toBe('1,190,000');
    receipt = await quote(company, '1150000', '壹佰壹拾伍万元整', '85');
    await receipt.getByText('报价已密封提交（第 2 版）').waitFor();
    // 下载回执: a file the supplier keeps, with the digest and the price.
    const digest = await receipt.getByTestId('receipt-digest').innerText();
    const [download] = await Promise.all([
      company.waitForEvent('download'),
      button(receipt, '下载回执').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^投标回执-.+-第2版\.txt$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toContain(`回执摘要：${digest}`);
    expect(file).toContain('投标总价：¥1,150,000.00');
    expect(file).toContain('大写：壹佰壹拾伍万元整');
    keptReceipt = /回执摘要：([0-9a-f]{64})/.exec(file)![1]!;
    await button(receipt, '我已保存回执').click();
    await bidRow(company).getByText('已投标 第 2 版').waitFor();
    await shot('company', '08-bidding');

    // bidder2 withdraws and bids again.
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
    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=bids`);
    await manager.getByText('投标截止前不公开投标情况').waitFor();
  });

  it('the deadline passes and quoting stops; the manager opens the bids and reads the comparison and chart', async () => {
    // The deadline was typed to the minute, 21 days after the form was opened.
    await advanceServerClock(
      suite.baseUrl,
      deadline + 2 * 60_000 - (await serverNow(suite.baseUrl)),
    );
    await pages.bidder2.reload();
    await bidRow(pages.bidder2).getByText('已截止').first().waitFor();
    await expect(button(bidRow(pages.bidder2), '修改报价').isDisabled()).resolves.toBe(true);

    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening`);
    await manager.getByText('已到开标时间').first().waitFor();
    await button(manager, '开标').click();
    await confirmPopover(manager, '开标');
    await toast(manager, '开标完成').waitFor();
    const record = manager.locator('.opening-record-print');
    // The bids table (the confirmations below it name the same companies).
    const entries = record.locator('.ant-table').first();
    await entries.getByText(COMPANY).waitFor();
    await expect(entries.locator('.ant-table-row').count()).resolves.toBe(3);
    // The company's revision is what opens.
    await record.getByText('壹佰壹拾伍万元整').waitFor();
    await shot('manager', '09-opening-record');

    await manager.getByRole('tab', { name: '比价' }).click();
    const comparison = activeTabPanel(manager);
    await expect.poll(() => comparison.locator('.ant-table-row').count()).toBe(3);
    await comparison.locator('canvas').first().waitFor();
    // All three bid from this machine: the same-IP warning shows.
    await comparison.getByTestId('collusion-warnings').waitFor();
    await settled(manager);
    await shot('manager', '10-comparison');
  });

  it('the manager publishes the candidates; bidder2 objects and the manager answers', async () => {
    const manager = pages.manager;
    await manager.getByRole('tab', { name: '公示与异议' }).click();
    // Not required of the company's own procurement, but published all the same.
    await button(activeTabPanel(manager), '发布候选人公示').click();
    const form = dialog(manager);
    await form.getByLabel('第 1 名推荐理由').fill('投标报价最低，技术方案完全响应招标文件');
    await form.getByLabel('第 2 名推荐理由').fill('投标报价次低，交货期较短');
    await form.getByLabel('第 3 名推荐理由').fill('技术方案完整，报价第三');
    await shot('manager', '11-candidates-form');
    await button(form, '生成公示').click();
    await manager.waitForURL((url) => url.pathname === '/announcementDetail');
    candidatesId = Number(new URL(manager.url()).searchParams.get('id'));
    await button(manager, '发布').click();
    await confirmPopover(manager, '发布');
    await toast(manager, '公告已发布').waitFor();
    await shot('manager', '12-candidates-published');

    // The publicity starts at the next whole hour the form proposed.
    await advanceServerClock(suite.baseUrl, HOUR);
    const bidder2 = pages.bidder2;
    await bidder2.goto(`/announcementDetail?id=${candidatesId}`);
    await bidder2.getByText(COMPANY).first().waitFor();
    await button(bidder2, '提出异议').click();
    const objection = dialog(bidder2);
    await objection.getByLabel('异议内容').fill(OBJECTION);
    await objection.locator('input[type=file]').setInputFiles({
      name: EVIDENCE,
      mimeType: 'application/pdf',
      buffer: smallPdf('Performance records'),
    });
    await objection.locator('.ant-upload-list-item-done', { hasText: EVIDENCE }).waitFor();
    await shot('bidder2', '13-objection-form');
    await button(objection, '提交异议').click();
    await toast(bidder2, '异议已提交，请留意答复').waitFor();
    await bidder2.getByText(OBJECTION).waitFor();

    // Another bidder sees neither the objection nor who filed it.
    await pages.bidder1.goto(`/announcementDetail?id=${candidatesId}`);
    await pages.bidder1.getByText(COMPANY).first().waitFor();
    await expect(pages.bidder1.getByText(OBJECTION).count()).resolves.toBe(0);

    // 定标 says in advance why it must wait, before anyone fills its form.
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=award`);
    await activeTabPanel(manager).getByText('该招标有 1 条异议尚未答复').waitFor();
    await expect(button(activeTabPanel(manager), '定标').isDisabled()).resolves.toBe(true);

    // The manager's notification leads to the objection, its evidence beside it.
    const line = await openNotification(manager, new RegExp(`${TITLE}.*收到一条异议`));
    await manager.waitForURL((url) => url.searchParams.get('id') === String(candidatesId));
    await line.getByText('待答复').waitFor();
    await line.getByText(EVIDENCE).waitFor();
    await shot('manager', '14-objection-open');
    await button(line, '答复').click();
    const answer = dialog(manager);
    await answer.getByText(EVIDENCE).waitFor();
    await answer.getByLabel('答复内容').fill(ANSWER);
    await button(answer, '提交答复').click();
    await toast(manager, '已答复').waitFor();

    await bidder2.reload();
    await bidder2.getByText(ANSWER).waitFor();
    await shot('bidder2', '15-objection-answered');

    // Answered: the company's own procurement need not wait for the publicity's end (a
    // 依法必须招标 tender would: evaluation-story.test.ts and the API tests hold that rule).
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=award`);
    await expect.poll(() => button(activeTabPanel(manager), '定标').isDisabled()).toBe(false);
  });

  it('the publicity ends; the manager awards and publishes the result', async () => {
    await advanceServerClock(suite.baseUrl, 3 * DAY + HOUR);
    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=award`);
    await button(activeTabPanel(manager), '定标').click();
    const award = dialog(manager);
    await award.getByText(COMPANY).waitFor();
    await award.getByLabel('定标理由').fill('公示期满无有效异议，按第一中标候选人定标');
    await button(award, '确认定标').click();
    await toast(manager, '定标完成').waitFor();
    await manager.getByText(`已定标：${COMPANY}`).waitFor();
    // Once: the award stands, and 定标 is offered no more.
    await expect(button(activeTabPanel(manager), '定标').count()).resolves.toBe(0);
    await shot('manager', '16-awarded');

    await manager.getByRole('tab', { name: '公示与异议' }).click();
    const panel = activeTabPanel(manager);
    await panel.getByText('中标通知书').first().waitFor();
    await panel.getByRole('link', { name: `${TITLE} 中标结果公告` }).click();
    await manager.waitForURL((url) => url.pathname === '/announcementDetail');
    resultId = Number(new URL(manager.url()).searchParams.get('id'));
    await button(manager, '发布').click();
    await confirmPopover(manager, '发布');
    await toast(manager, '公告已发布').waitFor();
    await shot('manager', '17-result-published');
  });

  it('the public search finds the result by a two-character keyword', async () => {
    const visitor = pages.visitor;
    await visitor.goto(`/tenderMsgSearch?tab=award`);
    await visitor.getByLabel('关键词').fill(KEYWORD);
    await visitor.getByLabel('关键词').press('Enter');
    await visitor.waitForURL((url) => url.searchParams.get('keyword') === KEYWORD);
    const cards = visitor.locator('.public-result-card');
    // The result and the candidate publicity, newest first, and nothing else.
    await expect.poll(() => cards.count()).toBe(2);
    await expect(cards.first().innerText()).resolves.toContain('中标结果公告');
    await expect(cards.locator('mark').first().innerText()).resolves.toBe(KEYWORD);
    await cards.first().click();
    const drawer = visitor.locator('.ant-drawer:visible');
    await drawer.getByText(COMPANY).first().waitFor();
    await shot('visitor', '18-public-search');
    // The objection is not public.
    await expect(drawer.getByText(OBJECTION).count()).resolves.toBe(0);
  });

  it('the winner sees 中标, its 中标通知书 and a 回执 that verifies; the others see 未中标', async () => {
    const company = pages.company;
    await company.goto(BIDDING);
    await bidRow(company).getByText('中标', { exact: true }).waitFor();
    await wonNotice(company).waitFor();
    // Quoting is over for good: no disabled 修改报价 left beside 开标记录.
    await expect(button(bidRow(company), '修改报价').count()).resolves.toBe(0);
    await button(bidRow(company), '开标记录').waitFor();
    await shot('company', '19-bidding-won');

    // 验证回执: the digest recomputed from the opened bid matches the kept 回执.
    await button(bidRow(company), '验证回执').click();
    const check = dialog(company);
    await check.getByText('回执验证一致').waitFor();
    await check.getByText('开标开启的正是贵公司提交的第 2 版。').waitFor();
    // The digest kept in the downloaded 回执 (prefilled from this tab's copy too).
    const kept = check.getByLabel('保存的回执摘要');
    await kept.fill(keptReceipt);
    await expect(check.locator('.ant-tag-success').count()).resolves.toBe(3);
    await screenshot(company, 'story29-verify');
    await kept.fill('0'.repeat(64));
    await check.getByText('回执验证不一致').waitFor();
    await kept.fill(keptReceipt.toUpperCase());
    await check.getByText('回执验证一致').waitFor();
    await company.keyboard.press('Escape');
    await check.waitFor({ state: 'hidden' });

    // The award's notification opens the result announcement with the 中标通知书 open.
    await openNotification(company, new RegExp(`${TITLE}：贵公司中标`), false);
    await company.waitForURL((url) => url.searchParams.get('id') === String(resultId));
    const notice = company.locator('.award-notice');
    await notice.getByText(COMPANY).first().waitFor();
    await notice.getByText('壹佰壹拾伍万元整').first().waitFor();
    await shot('company', '20-award-notice');
    // The PDF as a reader sees it: rendered by poppler, every word drawn (not only extractable).
    const [download] = await Promise.all([
      company.waitForEvent('download'),
      button(company, '下载 PDF').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^中标通知书-.+\.pdf$/);
    const pdfPath = join(SCREENSHOT_DIR, 'story13-server-20-award-notice.pdf');
    await download.saveAs(pdfPath);
    const words = renderPdf(pdfPath, pdfPath.replace(/\.pdf$/, '-pdf.png'));
    expect(words.map((w) => w.text).join('')).toContain(COMPANY);
    expect(words.filter((w) => w.ink < 0.08).map((w) => w.text)).toEqual([]);
    for (const who of ['bidder1', 'bidder2'] as const) {
      await pages[who].goto(BIDDING);
      await bidRow(pages[who]).getByText('未中标', { exact: true }).waitFor();
    }
    await shot('bidder2', '21-bidding-lost');

    // /bidding?tenderId=N (where a notice leads) shows that tender, marked, until cleared.
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

  it("the bidders' and the manager's screens fit a 390 px phone", async () => {
    const phone = await pageOf(PHONE);
    await logIn(phone, ACCOUNT);
    for (const [path, name, text] of [
      [`/downloadTender?id=${tenderId}`, 'download', DOCUMENT],
      [BIDDING, 'bidding-won', '中标'],
      [`/announcementDetail?id=${candidatesId}`, 'candidates', '中标候选人公示'],
      ['/announcement', 'announcements', `${TITLE} 中标结果公告`],
      // Last: the notice opens from the result announcement.
      [`/announcementDetail?id=${resultId}`, 'result', '中标结果公告'],
    ] as const) {
      await phone.goto(path);
      await phone.getByText(text).first().waitFor();
      if (name === 'bidding-won') await wonNotice(phone).waitFor();
      await phone.waitForLoadState('networkidle');
      expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
      await screenshot(phone, `story13-server-390-${name}`);
    }
    await button(phone, '中标通知书').click();
    await phone.locator('.award-notice').getByText(COMPANY).first().waitFor();
    await settled(phone);
    await screenshot(phone, 'story13-server-390-award-notice');

    // The focused tender is a card on a phone, and its 回执 verifies there too.
    await phone.goto(`/bidding?tenderId=${tenderId}`);
    const card = phone.locator('.bidding-card-focused', { hasText: TITLE });
    await card.waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'story29-bidding-focused-390');
    await button(card, '验证回执').click();
    await dialog(phone).getByText('回执验证一致').waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'story29-verify-390');

    // The manager's opening record, comparison and award.
    const manager = await pageOf(PHONE);
    await logIn(manager, 'manager');
    for (const tab of ['opening-record', 'comparison', 'award'] as const) {
      await manager.goto(`/denderManagement_details?id=${tenderId}&tab=${tab}`);
      await activeTabPanel(manager).getByText(COMPANY).first().waitFor();
      if (tab === 'comparison') await activeTabPanel(manager).locator('canvas').first().waitFor();
      await manager.waitForLoadState('networkidle');
      expect(await pageWidth(manager)).toBeLessThanOrEqual(390);
      await screenshot(manager, `story12-${tab === 'award' ? 'awarded' : tab}-390`);
    }
  });
  // A shared 2-core machine runs this several times slower than a workstation.
});
