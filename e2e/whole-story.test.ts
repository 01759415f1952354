import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { PHONE, SCREENSHOT_DIR, logIn, screenshot } from './support/browser';
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
 * screens: a new company registers and is approved; the manager publishes a tender of the
 * company's own procurement (no evaluation committee: the manager compares and awards; the
 * committee's story of a 依法必须招标 tender is evaluation-story.test.ts) with a document; the company, bidder1 and bidder2 sign up, download and bid (the company revises);
 * the deadline passes; the manager opens, compares, publishes the candidates; bidder2 objects and
 * is answered; the publicity ends; the manager awards and publishes the result; the public finds
 * it by a two-character keyword; the winner sees 中标 and its 中标通知书, the others 未中标.
 *
 * Days pass on the server's test clock (TEST_CLOCK=1), which every rule and countdown reads.
 * The story runs once per seal mode (issue 14): in `bidder` mode each browser encrypts its
 * quotation under the company's passphrase, and the opening is the decryption ceremony.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const suite = browserSuite({ TEST_CLOCK: '1' });
const { pageOf } = storyPeople(suite, { stepByStep: true });

const BIDDING = '/bidding?pageSize=50';
const SEAL_LABEL = { server: '服务器密封', bidder: '投标人加密（开标时解密）' } as const;
const OBJECTION = '第一中标候选人近三年同类储能项目业绩不足两项，请予复核。';
const ANSWER = '经评标委员会复核，第一中标候选人提供的三项同类业绩真实有效，异议不成立。';

/**
 * Each run's own company, tender and keyword: both runs share one server, and each keyword is in
 * no demo tender or announcement, nor in the other run's, so the public search finds one story.
 */
const STORIES = {
  server: {
    company: '青岚智能电气有限公司',
    creditSeed: 20261123,
    legalRepresentative: '沈青岚',
    email: 'tender@qinglan-electric.example.cn',
    address: '南京市玄武区珠江路 66 号',
    account: { username: 'qinglan.bid', password: 'Qinglan@2026' },
    keyword: '玄武',
    title: '玄武湖储能电站 10kV 开关柜及保护装置采购',
    document: '玄武湖储能电站开关柜技术规范书.pdf',
  },
  bidder: {
    company: '钟岳储能科技有限公司',
    creditSeed: 20261124,
    legalRepresentative: '钟岳',
    email: 'bid@zhongyue-storage.example.cn',
    address: '南京市鼓楼区中山北路 18 号',
    account: { username: 'zhongyue.bid', password: 'Zhongyue@2026' },
    keyword: '栖霞',
    title: '栖霞山储能电站 10kV 开关柜及保护装置采购',
    document: '栖霞山储能电站开关柜技术规范书.pdf',
  },
} as const;
/** In `bidder` mode each company's 投标解密口令 (the new company changes its own on revising). */
const PASSPHRASES = {
  company: ['Zhongyue#Bid-v1', 'Zhongyue#Bid-v2'],
  bidder1: ['Huaneng#Bid-2026'],
  bidder2: ['Jiangnan#Cable-88'],
} as const;

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

/** The whole story for one seal mode. */
describe.each(['server', 'bidder'] as const)(
  'issue 13: the whole story (%s seal mode)',
  (sealMode) => {
    const {
      company: COMPANY,
      account: ACCOUNT,
      keyword: KEYWORD,
      title: TITLE,
    } = STORIES[sealMode];
    const DOCUMENT = STORIES[sealMode].document;
    const bidRow = (page: Page) => page.locator('.ant-table-row', { hasText: TITLE });
    /** The passphrase of `who`'s `version`th quotation, or none in `server` mode. */
    const passphrase = (who: keyof typeof PASSPHRASES, version = 1) =>
      sealMode === 'bidder' ? PASSPHRASES[who][version - 1] : undefined;
    const pages = {} as Record<Person, Page>;
    const shot = (who: Person, name: string) =>
      screenshot(pages[who], `story13-${sealMode}-${name}`);
    let tenderId = 0;
    let deadline = 0;
    let candidatesId = 0;
    let resultId = 0;

    it('a new company registers on /register and the manager approves it', async () => {
      const company = (pages.company = await pageOf());
      await company.goto('/register');
      const form = company.locator('form[aria-label="供应商注册"]');
      await form.getByLabel('公司名称').fill(COMPANY);
      await form.getByLabel('统一社会信用代码').fill(creditCode(STORIES[sealMode].creditSeed));
      await form.getByLabel('法定代表人').fill(STORIES[sealMode].legalRepresentative);
      await form.getByLabel('注册资本').fill('8000 万元人民币');
      await form.getByLabel('联系人').fill('陈默');
      await form.getByLabel('联系电话').fill('13851234567');
      await form.getByLabel('电子邮箱').fill(STORIES[sealMode].email);
      await form.getByLabel('通讯地址').fill(STORIES[sealMode].address);
      await pick(form, company, '供货类别', '开关柜');
      await company.keyboard.press('Escape');
      await form.getByLabel('经营范围').fill('中低压开关柜、储能变流升压一体舱的研发、制造与销售');
      await form.getByLabel('用户名').fill(ACCOUNT.username);
      await form.getByLabel('密码', { exact: true }).fill(ACCOUNT.password);
      await form.getByLabel('确认密码').fill(ACCOUNT.password);
      await shot('company', '01-register');
      await button(form, '提交注册').click();
      await company.getByText('注册成功，等待审核').waitFor();

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
    });

    it('the manager creates a tender with a document and publishes it', async () => {
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
      await form.getByLabel('联系人').fill('王工');
      await form.getByLabel('联系电话').fill('025-84886666');
      // 21 days: as long as a 依法必须招标 tender's statutory minimum of 20 would ask.
      await typeDate(form, manager, '投标截止时间', pickerText(deadline));
      await form.getByLabel('最少有效投标数').fill('3');
      await form.getByRole('radio', { name: SEAL_LABEL[sealMode] }).check();
      await form.locator('input[type=file]').setInputFiles({
        name: DOCUMENT,
        mimeType: 'application/pdf',
        buffer: smallPdf('Xuanwu switchgear specification'),
      });
      await form.locator('.ant-upload-list-item-done', { hasText: DOCUMENT }).waitFor();
      await shot('manager', '03-tender-form');
      await button(form, '保存草稿').click();
      await toast(manager, '已创建招标草稿').waitFor();
      await form.waitFor({ state: 'hidden' });

      await manager.locator('.ant-table-row', { hasText: TITLE }).getByText(TITLE).click();
      await manager.waitForURL((url) => url.pathname === '/denderManagement_details');
      await manager.getByRole('heading', { name: TITLE }).waitFor();
      tenderId = Number(new URL(manager.url()).searchParams.get('id'));
      await button(manager, '发布').click();
      await button(manager.locator('.ant-modal-confirm'), '发布').click();
      await toast(manager, '发布成功').waitFor();
      await manager.locator('.tender-detail-header').getByText('招标中').waitFor();
      await shot('manager', '04-tender-published');
      await manager.goto('/tender_list');
      await manager.locator('.ant-table-row', { hasText: TITLE }).getByText(/\d+天/).waitFor();
      await shot('manager', '04-tender-list');
    });

    it('three companies sign up, download the document and bid; the new company revises', async () => {
      pages.bidder1 = await pageOf();
      pages.bidder2 = await pageOf();
      await logIn(pages.company, ACCOUNT);
      await logIn(pages.bidder1, 'bidder1');
      await logIn(pages.bidder2, 'bidder2');
      for (const who of ['company', 'bidder1', 'bidder2'] as const) {
        const page = pages[who];
        await page.goto(`/tenderMsg?keyword=${encodeURIComponent(KEYWORD)}`);
        const card = page.locator('.open-tender-card', { hasText: TITLE });
        await button(card, '报名').click();
        await toast(page, '报名成功，可下载招标文件').waitFor();
        if (who === 'company') await shot('company', '05-tender-msg');
        await card.getByRole('link', { name: /查看文件/ }).click();
        await page.waitForURL((url) => url.pathname === '/downloadTender');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          button(page.locator('.ant-list-item', { hasText: DOCUMENT }), '下载').click(),
        ]);
        expect(download.suggestedFilename()).toBe(DOCUMENT);
        if (who === 'company') await shot('company', '06-download');
      }

      const bids = [
        ['company', '1190000', '壹佰壹拾玖万元整', '90'],
        ['bidder1', '1180000', '壹佰壹拾捌万元整', '80'],
        ['bidder2', '1220000', '壹佰贰拾贰万元整', '75'],
      ] as const;
      for (const [who, price, words, delivery] of bids) {
        const page = pages[who];
        await page.goto(BIDDING);
        await button(bidRow(page), '投标').click();
        const receipt = await quote(page, price, words, delivery, passphrase(who));
        await receipt.getByText('报价已密封提交（第 1 版）').waitFor();
        if (who === 'company') await shot('company', '07-receipt');
        await button(receipt, '我已保存回执').click();
      }
      const company = pages.company;
      await button(bidRow(company), '修改报价').click();
      const receipt = await quote(
        company,
        '1150000',
        '壹佰壹拾伍万元整',
        '85',
        passphrase('company', 2),
      );
      await receipt.getByText('报价已密封提交（第 2 版）').waitFor();
      await button(receipt, '我已保存回执').click();
      await bidRow(company).getByText('已投标 第 2 版').waitFor();
      await shot('company', '08-bidding');

      // Before the deadline the manager learns nothing: no count, no names.
      await pages.manager.goto(`/denderManagement_details?id=${tenderId}&tab=bids`);
      await pages.manager.getByText('投标截止前不公开投标情况').waitFor();
    });

    /**
     * `bidder` mode: the manager starts the opening, each company decrypts its latest version
     * with its passphrase on 投标报价, and once all three have the manager finishes.
     */
    async function decryptionCeremony(manager: Page) {
      await button(manager, '开标（开始解密）').click();
      await confirmPopover(manager, '开标');
      await toast(manager, '已开始解密，等待投标人解密').waitFor();
      const ceremony = manager.locator('.opening-ceremony');
      await ceremony.getByText('已解密 0 / 3 份').waitFor();
      for (const [who, version] of [
        ['company', 2],
        ['bidder1', 1],
        ['bidder2', 1],
      ] as const) {
        const page = pages[who];
        await page.goto(BIDDING);
        await button(bidRow(page), '解密投标').click();
        const decrypt = dialog(page);
        await decrypt.getByLabel('投标解密口令').fill(passphrase(who, version)!);
        await button(decrypt, '解密').click();
        await decrypt.getByText('解密成功').waitFor();
        if (who === 'company') await shot('company', '09-decrypted');
        await button(decrypt, '完成').click();
      }
      // The console polls: all three show without a reload, and the finish is allowed.
      await ceremony.getByText('已解密 3 / 3 份').waitFor();
      await button(ceremony, '结束解密并生成开标记录').click();
      await confirmPopover(manager, '结束解密');
      await toast(manager, '开标记录已生成').waitFor();
    }

    it('the deadline passes; the manager opens the bids and reads the comparison and chart', async () => {
      // The deadline was typed to the minute, 21 days after the form was opened.
      await advanceServerClock(
        suite.baseUrl,
        deadline + 2 * 60_000 - (await serverNow(suite.baseUrl)),
      );
      await pages.bidder2.reload();
      await bidRow(pages.bidder2).getByText('已截止').first().waitFor();

      const manager = pages.manager;
      await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening`);
      await manager.getByText('已到开标时间').first().waitFor();
      if (sealMode === 'server') {
        await button(manager, '开标').click();
        await confirmPopover(manager, '开标');
        await toast(manager, '开标完成').waitFor();
      } else {
        await decryptionCeremony(manager);
      }
      const record = manager.locator('.opening-record-print');
      // The bids table (the confirmations below it name the same companies).
      const entries = record.locator('.ant-table').first();
      await entries.getByText(COMPANY).waitFor();
      await expect(entries.locator('.ant-table-row').count()).resolves.toBe(3);
      await shot('manager', '09-opening-record');

      await manager.getByRole('tab', { name: '比价' }).click();
      const comparison = activeTabPanel(manager);
      await expect.poll(() => comparison.locator('.ant-table-row').count()).toBe(3);
      await comparison.locator('canvas').first().waitFor();
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
      const visitor = (pages.visitor = await pageOf());
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

    it('the winner sees 中标 and its 中标通知书; the others see 未中标', async () => {
      const company = pages.company;
      await company.goto(BIDDING);
      await bidRow(company).getByText('中标', { exact: true }).waitFor();
      // Quoting is over for good: no disabled 修改报价 left beside 开标记录.
      await expect(button(bidRow(company), '修改报价').count()).resolves.toBe(0);
      await button(bidRow(company), '开标记录').waitFor();
      await shot('company', '19-bidding-won');
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
      const pdfPath = join(SCREENSHOT_DIR, `story13-${sealMode}-20-award-notice.pdf`);
      await download.saveAs(pdfPath);
      const words = renderPdf(pdfPath, pdfPath.replace(/\.pdf$/, '-pdf.png'));
      expect(words.map((w) => w.text).join('')).toContain(COMPANY);
      expect(words.filter((w) => w.ink < 0.08).map((w) => w.text)).toEqual([]);
      for (const who of ['bidder1', 'bidder2'] as const) {
        await pages[who].goto(BIDDING);
        await bidRow(pages[who]).getByText('未中标', { exact: true }).waitFor();
      }
      await shot('bidder2', '21-bidding-lost');
    });

    it("the bidders' screens fit a 390 px phone", async () => {
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
        await phone.waitForLoadState('networkidle');
        expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
        await screenshot(phone, `story13-${sealMode}-390-${name}`);
      }
      await button(phone, '中标通知书').click();
      await phone.locator('.award-notice').getByText(COMPANY).first().waitFor();
      await settled(phone);
      await screenshot(phone, `story13-${sealMode}-390-award-notice`);
    });
  },
  // A shared 2-core machine runs this several times slower than a workstation.
  180_000,
);
