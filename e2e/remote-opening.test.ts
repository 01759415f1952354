import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { PHONE, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, callApi, confirmPopover, dialog } from './support/admin';
import {
  advanceServerClock,
  apiLogin,
  pageWidth,
  quote,
  serverNow,
  settled,
} from './support/tender';

/**
 * Issue 14's remote opening (不见面开标) in separate browser profiles: on a `bidder`-mode tender
 * three suppliers quote through the form, each browser encrypting under its own passphrase;
 * bidder1 revises under a new passphrase and attaches a 50 MB file, which its browser encrypts in
 * a worker before the upload; bidder2 (on a 390 px phone) keeps the 密码信封 file. The deadline
 * passes on the server's test clock; the manager starts the opening and watches the console (who
 * decrypted, never a price); bidder1 decrypts its latest version with the new passphrase (its
 * first version's is refused), bidder2 with the envelope file only, bidder3 never. The manager
 * extends the window once, the window ends, the manager finishes: the record lists bidder1's
 * revision and bidder3 as 解密失败. bidder1 confirms the record, bidder2 objects and the manager
 * answers. Until the finish no price reaches the manager's browser.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const suite = browserSuite({ TEST_CLOCK: '1' });
const { signedInPage } = storyPeople(suite, { stepByStep: true });

const TITLE = '鹭岛海上风电场 220kV 海缆终端及 GIS 间隔设备采购';
const BIDDING = '/bidding?pageSize=50';
const DECRYPT_MINUTES = 30;
const EXTEND_MINUTES = 15;
const EXTEND_REASON = '南方智能电网科技有限公司反映本地网络故障，延长解密时间';
const OBJECTION = '本公司的开标记录交货期应为 75 天，请核对。';
const ANSWER = '经核对，记录中的交货期 75 天与贵公司解密后的报价一致，记录无误。';
const BIDS = {
  bidder1: {
    company: '华能电气设备有限公司',
    price: '1180000',
    words: '壹佰壹拾捌万元整',
    delivery: '90',
    passphrase: 'Huaneng#Bid-2026',
    /** Its first version, replaced by the revision above under a new passphrase. */
    first: { price: '1230000', words: '壹佰贰拾叁万元整', passphrase: 'Huaneng#Bid-2025' },
  },
  bidder2: {
    company: '江南电缆集团股份有限公司',
    price: '1220000',
    words: '壹佰贰拾贰万元整',
    delivery: '75',
    passphrase: 'Jiangnan#Cable-88',
  },
  bidder3: {
    company: '南方智能电网科技有限公司',
    price: '1260000',
    words: '壹佰贰拾陆万元整',
    delivery: '60',
    passphrase: 'Southgrid#Key-2026',
  },
} as const;
type Bidder = keyof typeof BIDS;
/** What would give a price away: the figures as typed and as shown, the 大写. */
const PRICE_TEXTS = [...Object.values(BIDS), BIDS.bidder1.first].flatMap(({ price, words }) => [
  price,
  Number(price).toLocaleString('en-US'),
  words.slice(0, 6),
]);

const pages = {} as Record<Bidder | 'manager', Page>;
let tenderId = 0;
let deadline = 0;
let envelopeDir = '';
let envelopePath = '';
/** bidder1's attachment: 50 MB, the largest upload the default MAX_UPLOAD_MB allows. */
const BIG_FILE = '技术标书（全套图纸）.pdf';
let bigFilePath = '';
let bigFileSha256 = '';
/** The bodies of every API answer the manager's browser got before the finish. */
const managerAnswers: Promise<string>[] = [];
let finishing = false;

/** The tender's line on 投标报价: a table row on a desktop, a card on a phone. */
const bidItem = (page: Page): Locator =>
  page.locator('.ant-table-row, .biddable-tender-card', { hasText: TITLE });

async function signedIn(name: Bidder | 'manager', viewport?: typeof PHONE) {
  pages[name] = await signedInPage(name, viewport);
}

beforeAll(async () => {
  envelopeDir = await mkdtemp(join(tmpdir(), 'tender-envelope-'));
  bigFilePath = join(envelopeDir, BIG_FILE);
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const big = Buffer.concat([
    head,
    Buffer.alloc(50 * 1024 * 1024 - head.length - tail.length, 0x20),
    tail,
  ]);
  await writeFile(bigFilePath, big);
  bigFileSha256 = createHash('sha256').update(big).digest('hex');
  await signedIn('manager');
  await signedIn('bidder1');
  await signedIn('bidder2', PHONE);
  await signedIn('bidder3');
  pages.manager.on('response', (response) => {
    if (!finishing && response.url().includes('/tendering-service/'))
      managerAnswers.push(response.text().catch(() => ''));
  });

  // Arranged through the API: the tender form is issue 13's story; here the ceremony matters.
  const token = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
  deadline = (await serverNow(suite.baseUrl)) + 2 * HOUR;
  const created = await callApi(suite.baseUrl, token, '/api/ttender/ttender/insert-ttender', {
    title: TITLE,
    category: 'switchgear',
    region: 'east',
    budget: 1_300_000,
    currency: 'CNY',
    contact: '林工',
    contactPhone: '0592-5888666',
    mandatory: false,
    bidDeadline: new Date(deadline).toISOString(),
    // Two valid bids are enough: bidder3's 解密失败 must not fail the tender.
    minBids: 2,
    sealMode: 'bidder',
    decryptionMinutes: DECRYPT_MINUTES,
    description: '<p>220kV 海缆终端 6 套、GIS 间隔 2 个，含安装指导。</p>',
  });
  expect(created.body.code).toBe(0);
  tenderId = (created.body.data as { id: number }).id;
  const published = await callApi(suite.baseUrl, token, '/api/ttender/ttender/publish-ttender', {
    id: tenderId,
  });
  expect(published.body.code).toBe(0);
  for (const name of Object.keys(BIDS)) {
    const bidder = await apiLogin(suite.baseUrl, name, 'Bidder@12345');
    const signUp = await callApi(
      suite.baseUrl,
      bidder,
      `/api/ttender/ttender/add-supply-ttender?tenderId=${tenderId}`,
    );
    expect(signUp.body.code).toBe(0);
  }
});

afterAll(async () => {
  if (envelopeDir) await rm(envelopeDir, { recursive: true, force: true });
});

/** The manager's page shows no price (figures or 大写). */
async function expectNoPriceOn(page: Page) {
  const text = await page.locator('body').innerText();
  for (const price of PRICE_TEXTS) expect(text).not.toContain(price);
}

describe('issue 14: remote opening with bidder-side encryption', () => {
  it('three suppliers quote in bidder mode; bidder1 revises under a new passphrase; bidder2 downloads the 密码信封 on a phone', async () => {
    // bidder1's first version, under the passphrase its revision replaces.
    const { first } = BIDS.bidder1;
    await pages.bidder1.goto(BIDDING);
    await button(bidItem(pages.bidder1), '投标').click();
    const firstReceipt = await quote(
      pages.bidder1,
      first.price,
      first.words,
      '90',
      first.passphrase,
    );
    await firstReceipt.getByText('报价已密封提交（第 1 版）').waitFor();
    await button(firstReceipt, '我已保存回执').click();
    await bidItem(pages.bidder1).getByText('已投标 第 1 版').waitFor();

    for (const who of Object.keys(BIDS) as Bidder[]) {
      const { price, words, delivery, passphrase } = BIDS[who];
      const page = pages[who];
      const version = who === 'bidder1' ? 2 : 1;
      await page.goto(BIDDING);
      await button(bidItem(page), version === 2 ? '修改报价' : '投标').click();
      await dialog(page).getByText('投标人加密（不见面开标）').first().waitFor();
      if (who === 'bidder1') {
        // 50 MB encrypted in the browser: in the crypto worker, never on the page's own thread.
        const workers: string[] = [];
        page.on('worker', (worker) => workers.push(worker.url()));
        await dialog(page).locator('input[type=file]').setInputFiles(bigFilePath);
        await dialog(page)
          .locator('.ant-upload-list-item-done', { hasText: BIG_FILE })
          .waitFor({ timeout: 120_000 });
        expect(workers.some((url) => url.includes('bid-crypto'))).toBe(true);
      }
      if (who !== 'bidder3') {
        // The form before 提交, passphrase typed (its strength shown).
        await dialog(page).getByLabel('投标总价').fill(price);
        await dialog(page).getByLabel('解密口令').fill(passphrase);
        await dialog(page).getByTestId('passphrase-strength').waitFor();
        await screenshot(page, `remote14-${who === 'bidder2' ? '390' : '1440'}-quotation-form`);
      }
      const receipt = await quote(page, price, words, delivery, passphrase);
      await receipt.getByText(`报价已密封提交（第 ${version} 版）`).waitFor();
      await receipt.getByText('请下载并离线保存密码信封').waitFor();
      if (who === 'bidder2') {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          button(receipt, '下载密码信封').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^密码信封-.+-第1版\.json$/);
        envelopePath = join(envelopeDir, download.suggestedFilename());
        await download.saveAs(envelopePath);
        await receipt.getByText(`已下载：${download.suggestedFilename()}`).waitFor();
        expect(await pageWidth(page)).toBeLessThanOrEqual(390);
        await screenshot(page, 'remote14-390-receipt-envelope');
      }
      await button(receipt, '我已保存回执').click();
      await bidItem(page).getByText(`已投标 第 ${version} 版`).waitFor();
    }
    await screenshot(pages.bidder2, 'remote14-390-bidding');

    // Before the deadline the manager learns nothing: no count, no names.
    await pages.manager.goto(`/denderManagement_details?id=${tenderId}&tab=bids`);
    await pages.manager.getByText('投标截止前不公开投标情况').waitFor();
  });

  it('the deadline passes; the manager starts the opening and the console shows no price', async () => {
    await advanceServerClock(suite.baseUrl, deadline + MINUTE - (await serverNow(suite.baseUrl)));
    const manager = pages.manager;
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening`);
    await manager.getByText('已到开标时间').first().waitFor();
    await button(manager, '开标（开始解密）').click();
    await confirmPopover(manager, '开标');
    await toast(manager, '已开始解密，等待投标人解密').waitFor();
    const console_ = manager.locator('.opening-ceremony');
    await console_.getByText('不见面开标进行中').waitFor();
    await expect.poll(() => console_.locator('.ant-table-row').count()).toBe(3);
    await console_.getByText('已解密 0 / 3 份').waitFor();
    await expectNoPriceOn(manager);
    await screenshot(manager, 'remote14-1440-console-started');
  });

  it("bidder1 decrypts its revision with the new passphrase after the first version's; bidder2 with the envelope only", async () => {
    const bidder1 = pages.bidder1;
    await bidder1.goto(BIDDING);
    await button(bidItem(bidder1), '解密投标').click();
    const decrypt1 = dialog(bidder1);
    await decrypt1
      .getByTestId('decrypt-countdown')
      .getByText(/解密剩余/)
      .waitFor();
    // The first version's passphrase opens nothing: the latest version is the one opened.
    await decrypt1.getByLabel('投标解密口令').fill(BIDS.bidder1.first.passphrase);
    await button(decrypt1, '解密').click();
    // Checked in the browser: nothing is sent, the supplier may try again.
    await decrypt1.getByText('口令不正确，请重新输入。未向服务器发送任何内容。').waitFor();
    await screenshot(bidder1, 'remote14-1440-decrypt-wrong-passphrase');
    await decrypt1.getByLabel('投标解密口令').fill(BIDS.bidder1.passphrase);
    // The server decrypts and re-seals bidder1's 50 MB attachment before it answers: as the
    // supplier does, wait for that answer, however long a busy machine takes (the step's own
    // time limit bounds it), then for the screen that shows it.
    const decrypted = bidder1.waitForResponse((r) => r.url().includes('/decrypt-bid'), {
      timeout: 0,
    });
    await button(decrypt1, '解密').click();
    await decrypted;
    await decrypt1.getByText('解密成功').waitFor();
    await decrypt1.getByText('一致（开启的正是贵公司提交的这一版）').waitFor();
    await screenshot(bidder1, 'remote14-1440-decrypted');
    await button(decrypt1, '完成').click();
    await expect.poll(() => button(bidItem(bidder1), '解密投标').count()).toBe(0);

    // bidder2 has lost its passphrase: the envelope file alone opens the bid.
    const bidder2 = pages.bidder2;
    await bidder2.goto(BIDDING);
    await bidItem(bidder2).getByTestId('list-decrypt-countdown').waitFor();
    await bidItem(bidder2).scrollIntoViewIfNeeded();
    await screenshot(bidder2, 'remote14-390-bidding-decrypt');
    await button(bidItem(bidder2), '解密投标').click();
    const decrypt2 = dialog(bidder2);
    await decrypt2.getByText('使用密码信封').click();
    await decrypt2.locator('input[type=file]').setInputFiles(envelopePath);
    await decrypt2.getByTestId('envelope-picked').getByText('第 1 版').waitFor();
    expect(await pageWidth(bidder2)).toBeLessThanOrEqual(390);
    await screenshot(bidder2, 'remote14-390-decrypt-envelope');
    await button(decrypt2, '解密').click();
    await decrypt2.getByText('解密成功').waitFor();
    await screenshot(bidder2, 'remote14-390-decrypted');
    await button(decrypt2, '完成').click();
  }, 300_000); // a 50 MB decryption on a busy 2-core machine took more than 120 s

  it('the console shows who decrypted, still no price; the manager extends the window once', async () => {
    const manager = pages.manager;
    const console_ = manager.locator('.opening-ceremony');
    // The console polls: the two decryptions show without a reload.
    await console_.getByText('已解密 2 / 3 份').waitFor();
    for (const who of ['bidder1', 'bidder2'] as const)
      await console_
        .locator('.ant-table-row', { hasText: BIDS[who].company })
        .getByText('已解密')
        .waitFor();
    await console_
      .locator('.ant-table-row', { hasText: BIDS.bidder3.company })
      .getByText('待解密')
      .waitFor();
    await expectNoPriceOn(manager);

    await button(console_, '延长解密时间').click();
    const extend = dialog(manager);
    await extend.getByLabel('延长（分钟）').fill(String(EXTEND_MINUTES));
    await extend.getByLabel('延长理由').fill(EXTEND_REASON);
    await settled(manager);
    await screenshot(manager, 'remote14-1440-extend');
    await button(extend, '确认延长').click();
    await toast(manager, '解密截止延至').waitFor();
    await console_.getByText(`已延长 ${EXTEND_MINUTES} 分钟：${EXTEND_REASON}`).waitFor();
    // Once only.
    await expect(button(console_, '延长解密时间').isDisabled()).resolves.toBe(true);
    await expect(button(console_, '结束解密并生成开标记录').isDisabled()).resolves.toBe(true);
    await expectNoPriceOn(manager);
    await screenshot(manager, 'remote14-1440-console-extended');
  });

  it('the window ends; the manager finishes and the record lists bidder3 as 解密失败', async () => {
    await advanceServerClock(suite.baseUrl, (DECRYPT_MINUTES + EXTEND_MINUTES + 1) * MINUTE);
    const manager = pages.manager;
    // The page learns the moved server clock when it loads.
    await manager.reload();
    const console_ = manager.locator('.opening-ceremony');
    await console_.getByText('解密时间已结束').waitFor();
    await console_
      .locator('.ant-table-row', { hasText: BIDS.bidder3.company })
      .getByText('解密失败')
      .waitFor();
    await expectNoPriceOn(manager);
    await screenshot(manager, 'remote14-1440-console-ended');

    // Everything the manager's browser received so far, console polls included: no price.
    const answers = await Promise.all(managerAnswers);
    expect(answers.length).toBeGreaterThan(5);
    for (const body of answers) for (const price of PRICE_TEXTS) expect(body).not.toContain(price);
    finishing = true;

    await button(console_, '结束解密并生成开标记录').click();
    await confirmPopover(manager, '结束解密');
    await toast(manager, '开标记录已生成').waitFor();
    const record = manager.locator('.opening-record-print');
    await expect.poll(() => record.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(3);
    const line = (who: Bidder) =>
      record.locator('.ant-table-row', { hasText: BIDS[who].company }).first();
    // bidder1's revision, not its first version.
    await line('bidder1').getByText('¥1,180,000.00').waitFor();
    await expect(record.getByText(BIDS.bidder1.first.words).count()).resolves.toBe(0);
    await line('bidder2').getByText(BIDS.bidder2.words).waitFor();
    await line('bidder3').getByText('解密失败', { exact: true }).waitFor();
    await line('bidder3')
      .getByText(/解密失败（投标人未在解密时间内解密）/)
      .waitFor();
    await record.getByText(`延长 ${EXTEND_MINUTES} 分钟：${EXTEND_REASON}`).waitFor();
    await record.getByText('3 份 / 2 份（最少 2 份）').waitFor();
    await expect(record.getByText('流标').count()).resolves.toBe(0);
    await settled(manager);
    await screenshot(manager, 'remote14-1440-record');

    // bidder1's 50 MB attachment, decrypted at the opening, downloads byte for byte.
    await manager.getByRole('tab', { name: '比价' }).click();
    await manager.getByRole('button', { name: BIG_FILE }).waitFor();
    await settled(manager);
    await screenshot(manager, 'remote14-1440-comparison');
    const [download] = await Promise.all([
      manager.waitForEvent('download', { timeout: 120_000 }),
      manager.getByRole('button', { name: BIG_FILE }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(BIG_FILE);
    const downloaded = await readFile((await download.path())!);
    expect(createHash('sha256').update(downloaded).digest('hex')).toBe(bigFileSha256);
    await manager.getByRole('tab', { name: '开标', exact: true }).click();
  });

  it('bidder1 confirms the record; bidder2 objects and the manager answers', async () => {
    const bidder1 = pages.bidder1;
    await bidder1.reload();
    await button(bidItem(bidder1), '开标记录').click();
    let drawer = bidder1.locator('.ant-drawer:visible');
    await drawer.getByText('确认开标记录无误').waitFor();
    await button(drawer, '确认').click();
    await toast(bidder1, '已确认开标记录').waitFor();
    await drawer.getByText(/贵公司已于 .+ 确认开标记录/).waitFor();
    await screenshot(bidder1, 'remote14-1440-record-confirmed');
    // 验证回执 in `bidder` mode: the digest over the envelope as sent, recomputed in the browser.
    await bidder1.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await button(bidItem(bidder1), '验证回执').click();
    await dialog(bidder1).getByText('回执验证一致').waitFor();
    await screenshot(bidder1, 'remote29-1440-verify-bidder-mode');
    await bidder1.keyboard.press('Escape');

    const bidder2 = pages.bidder2;
    await bidder2.reload();
    await button(bidItem(bidder2), '开标记录').click();
    drawer = bidder2.locator('.ant-drawer:visible');
    await drawer.getByText('对开标记录有异议').click();
    await drawer.getByLabel('异议内容').fill(OBJECTION);
    await screenshot(bidder2, 'remote14-390-record-objection');
    await button(drawer, '提交异议').click();
    await toast(bidder2, '异议已提交，请等待招标方答复').waitFor();
    await drawer.getByText('等待招标方答复。').waitFor();

    // The manager answers from 开标记录 (not only from 开标).
    const manager = pages.manager;
    await manager.reload();
    await manager.getByRole('tab', { name: '开标记录' }).click();
    // The panel by its name (a hidden one never matches): the 开标 tab, rendered earlier, holds
    // the same confirmations table, and "the active panel" found its hidden 答复 while tabs switched.
    const confirmations = manager
      .getByRole('tabpanel', { name: '开标记录' })
      .locator('.opening-confirmations');
    await confirmations
      .locator('.ant-table-row', { hasText: BIDS.bidder1.company })
      .getByText('已确认')
      .waitFor();
    const objected = confirmations.locator('.ant-table-row', { hasText: OBJECTION });
    await objected.getByText('有异议待答复').waitFor();
    await button(objected, '答复').click();
    const answer = dialog(manager);
    await answer.getByLabel('答复内容').fill(ANSWER);
    await button(answer, '提交答复').click();
    await toast(manager, '已答复').waitFor();
    await objected.getByText('异议已答复').waitFor();
    await settled(manager);
    await screenshot(manager, 'remote14-1440-record-answered');

    await bidder2.reload();
    await button(bidItem(bidder2), '开标记录').click();
    drawer = bidder2.locator('.ant-drawer:visible');
    await drawer.getByText(`招标方答复：${ANSWER}`).waitFor();
    await drawer.getByText(`招标方答复：${ANSWER}`).scrollIntoViewIfNeeded();
    expect(await pageWidth(bidder2)).toBeLessThanOrEqual(390);
    await screenshot(bidder2, 'remote14-390-record-answered');
  });
});
