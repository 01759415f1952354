import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { logIn, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, dialog, pick } from './support/admin';
import { creditCode, pickerText, serverNow, smallPdf, typeDate } from './support/tender';

/**
 * Issue 11's story, each person in a browser profile of their own: a new company registers, the
 * manager approves it and publishes an amended tender with a PDF, and the company finds it in the
 * public search with a two-character keyword, signs up and downloads the document.
 */
const suite = browserSuite();
const { pageOf } = storyPeople(suite);

const COMPANY = '琥珀湾智能电气有限公司';
const ACCOUNT = { username: 'hupo.sales', password: 'Hupo@2026ok' };
// 「鲲鹏」 appears in no demo tender: the two-character search must find exactly this one.
const TITLE = '鲲鹏湾光伏升压站 35kV 开关柜采购';
const KEYWORD = '鲲鹏';
const DOCUMENT = '鲲鹏湾升压站技术规范书.pdf';

let manager: Page;
let company: Page;
let tenderNo = '';

describe('issue 11: register, approve, publish, amend, find, sign up, download', () => {
  it('a new company registers on /register and is told it awaits review', async () => {
    company = await pageOf();
    await company.goto('/register');
    const form = company.locator('form[aria-label="供应商注册"]');
    await form.getByLabel('公司名称').fill(COMPANY);
    // Live validation: a wrong check digit is named before anything is sent.
    await form.getByLabel('统一社会信用代码').fill('91310115000000001A');
    await form.getByText('统一社会信用代码校验位不正确').waitFor();
    await form.getByLabel('统一社会信用代码').fill(creditCode(20260511));
    await form.getByLabel('法定代表人').fill('周明远');
    await form.getByLabel('注册资本').fill('5000 万元人民币');
    await form.getByLabel('联系人').fill('林晓');
    await form.getByLabel('联系电话').fill('13912345678');
    await form.getByLabel('电子邮箱').fill('bid@hupo-electric.example.cn');
    await form.getByLabel('通讯地址').fill('上海市浦东新区张江路 88 号');
    await pick(form, company, '供货类别', '开关柜');
    await company.keyboard.press('Escape');
    await form.getByLabel('经营范围').fill('高低压开关柜、箱式变电站的制造与销售');
    await form.getByLabel('用户名').fill(ACCOUNT.username);
    await form.getByLabel('密码', { exact: true }).fill(ACCOUNT.password);
    await form.getByLabel('确认密码').fill('Hupo@2026no');
    await form.getByText('两次输入的密码不一致').waitFor();
    await form.getByLabel('确认密码').fill(ACCOUNT.password);
    await screenshot(company, 'story11-register-filled');
    await button(form, '提交注册').click();
    await company.getByText('注册成功，等待审核').waitFor();
    await company.getByText(`「${COMPANY}」的注册资料已提交`).waitFor();
    await screenshot(company, 'story11-register-done');
  });

  it('the pending company logs in and sees 待审核 in 个人信息', async () => {
    await logIn(company, ACCOUNT);
    await company.goto('/updateInfo');
    const card = company.locator('.ant-card', { hasText: '企业信息' });
    await card.getByText('贵公司资料正在审核中').waitFor();
    await card.getByText('待审核').first().waitFor();
    await expect(card.getByLabel('公司名称').inputValue()).resolves.toBe(COMPANY);
  });

  it('the manager approves it on /supply with a reason', async () => {
    manager = await pageOf();
    await logIn(manager, 'manager');
    await manager.goto('/supply?status=pending');
    const line = manager.locator('.ant-table-row', { hasText: COMPANY });
    await line.waitFor();
    await button(line, '通过').click();
    const review = dialog(manager);
    await review.getByLabel('审核意见').fill('营业执照与资质齐全，予以通过');
    await button(review, '确认通过').click();
    await toast(manager, `已通过「${COMPANY}」`).waitFor();
    await line.waitFor({ state: 'detached' });
    await manager.goto('/supply?status=approved');
    await manager.locator('.ant-table-row', { hasText: COMPANY }).getByText('已通过').waitFor();
  });

  it('the manager creates a tender with a PDF through the form', async () => {
    const now = await serverNow(suite.baseUrl);
    await manager.goto('/tender_list');
    await button(manager, '新建招标').click();
    const form = dialog(manager);
    await form.getByLabel('招标标题').fill(TITLE);
    await pick(form, manager, '设备类别', '开关柜');
    await pick(form, manager, '地区', '华东');
    await form.getByLabel('预算金额').fill('1280000');
    await form.getByText('大写：壹佰贰拾捌万元整').waitFor();
    await form.getByLabel('联系人').fill('王工');
    await form.getByLabel('联系电话').fill('021-68886666');
    await typeDate(form, manager, '投标截止时间', pickerText(now + 12 * 86_400_000));
    await form.locator('input[type=file]').setInputFiles({
      name: DOCUMENT,
      mimeType: 'application/pdf',
      buffer: smallPdf(),
    });
    await form.locator('.ant-upload-list-item-done', { hasText: DOCUMENT }).waitFor();
    await screenshot(manager, 'story11-tender-form');
    await button(form, '保存草稿').click();
    const created = toast(manager, '已创建招标草稿');
    await created.waitFor();
    tenderNo = /ZB-\d{4}-\d{6}/.exec(await created.innerText())![0];
    await form.waitFor({ state: 'hidden' });
  });

  it('publishes it from the detail screen and amends it', async () => {
    await manager.locator('.ant-table-row', { hasText: TITLE }).getByText(TITLE).click();
    await manager.waitForURL((url) => url.pathname === '/denderManagement_details');
    await manager.getByRole('heading', { name: TITLE }).waitFor();
    await manager.getByRole('tab', { name: '招标文件（1）' }).click();
    await manager.getByText(DOCUMENT).first().waitFor();

    await button(manager, '发布').click();
    await button(manager.locator('.ant-modal-confirm'), '发布').click();
    await toast(manager, '发布成功').waitFor();
    await manager.locator('.tender-detail-header').getByText('招标中').waitFor();

    await button(manager, '澄清/修改').click();
    const amend = dialog(manager);
    await amend.getByLabel('澄清/修改原因').fill('预算调整，并补充开关柜柜体防护等级要求');
    await amend.getByLabel('预算金额').fill('1350000');
    await button(amend, '预览修改结果').click();
    const preview = manager.getByTestId('amend-preview');
    await preview.getByText('第 1 号').waitFor();
    await preview.getByText('预算金额').waitFor();
    await screenshot(manager, 'story11-amend-preview');
    await button(amend, '确认修改').click();
    await toast(manager, '已发布第 1 号澄清/修改').waitFor();
    await manager.getByRole('tab', { name: '澄清/修改（1）' }).click();
    await manager.getByText('预算调整，并补充开关柜柜体防护等级要求').first().waitFor();
  });

  it('the public search finds it with a two-character keyword, highlighted', async () => {
    const visitor = await pageOf();
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
    const drawer = visitor.locator('.ant-drawer:visible');
    await drawer.getByText(TITLE).first().waitFor();
    expect(new URL(visitor.url()).searchParams.get('id')).toMatch(/^\d+$/);
    await screenshot(visitor, 'story11-public-search-drawer');
  });

  it('the approved company signs up on /tenderMsg and downloads the document', async () => {
    await company.goto(`/tenderMsg?keyword=${encodeURIComponent(KEYWORD)}`);
    const card = company.locator('.open-tender-card', { hasText: tenderNo });
    await card.waitFor();
    await button(card, '报名').click();
    await toast(company, '报名成功，可下载招标文件').waitFor();
    await card.getByText('已报名').waitFor();

    await card.getByRole('link', { name: /查看文件/ }).click();
    await company.waitForURL((url) => url.pathname === '/downloadTender');
    await company.getByText(DOCUMENT).waitFor();
    await company.getByText('预算调整，并补充开关柜柜体防护等级要求').first().waitFor();
    // The amended amount reads as money (thousands separators), as on the manager's side.
    const amendment = company.locator('.ant-collapse', { hasText: '第 1 号澄清/修改' });
    await amendment.getByText('1,280,000.00', { exact: true }).waitFor();
    const [download] = await Promise.all([
      company.waitForEvent('download'),
      button(company.locator('.ant-list-item', { hasText: DOCUMENT }), '下载').click(),
    ]);
    expect(download.suggestedFilename()).toBe(DOCUMENT);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(company, 'story11-download-tender');
  });

  it('the manager sees the sign-up and the logged download', async () => {
    await manager.reload();
    await manager.getByRole('tab', { name: '投标人' }).click();
    const participant = manager.locator('.ant-table-row', { hasText: COMPANY });
    await participant.waitFor();
    await manager.getByRole('tab', { name: /^招标文件/ }).click();
    const logged = manager.locator('.ant-table-row', { hasText: ACCOUNT.username });
    await logged.getByText(DOCUMENT).waitFor();
  });
});
