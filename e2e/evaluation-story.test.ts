import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, storyPeople } from './support/suite';
import { PHONE, DESKTOP, SCREENSHOT_DIR, logIn, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, confirmPopover, dialog, pick } from './support/admin';
import {
  advanceServerClock,
  apiLogin,
  pickerText,
  typeDate,
  serverNow,
  settled,
} from './support/tender';
import {
  COMPANIES,
  EXPERT_NAMES,
  EXPERT_PASSWORD,
  apiData,
  expertOfName,
  getCommittee,
  openTask,
  pdfText,
  reviewBid,
  signPledge,
  signReport,
  submitSheet,
  type CommitteeView,
} from './support/evaluation';

/**
 * Issue 32's evaluation, each person in a browser profile of their own: a `mandatory`
 * comprehensive tender gets three bids; after the deadline (the server's test clock) the
 * manager opens them and draws five experts and a standby — never expert7, who works for
 * bidder1. The members pledge (one recuses, the standby steps in), one asks bidder2 a
 * clarification that it answers, three of five reject bidder3's bid, the chair finishes, all
 * sign (one dissents); the first candidate gives up and the second is awarded. The draw is
 * random: who sits is read from the committee, and those experts are driven.
 */
const DAY = 86_400_000;
const suite = browserSuite({ TEST_CLOCK: '1' });
const { pageOf, signedInPage } = storyPeople(suite, { stepByStep: true });

const TITLE = '滨海储能电站储能变流器采购（评标全流程）';
const BUDGET = 4_800_000;
const PRICES = { bidder1: 4_464_000, bidder2: 4_560_000, bidder3: 4_320_000 } as const;
const QUESTION = '请澄清贵公司储能变流器最大充放电效率 98.6% 对应的测试工况及检测报告页码。';
const ANSWER = '测试工况为额定功率、环境温度 25℃，见检测报告第 12 页。';
const RECUSAL = '本人三年内曾在江南电缆集团股份有限公司任技术顾问';
const DISSENT = '南方智能电网科技有限公司的报价偏低理由已作说明，本人认为不应否决。';
const REJECT_GROUND = '投标报价低于成本或者高于招标文件设定的最高投标限价';

const shot = (page: Page, name: string) => screenshot(page, `eval-story-${name}`);
let managerToken = '';
let tenderId = 0;
let deadline = 0;
let manager: Page;
let bidder2: Page;
let committee: CommitteeView;
/** The sitting experts (username), the chair first, once the recusal is done. */
let sitting: string[] = [];
const expertPages: Record<string, Page> = {};
/** Each sitting expert's desk (path and query), as 评标任务 led there. */
const desks: Record<string, string> = {};
let recused = '';
let standby = '';

async function expertPage(username: string) {
  if (!expertPages[username]) {
    expertPages[username] = await signedInPage({ username, password: EXPERT_PASSWORD });
  }
  return expertPages[username]!;
}

async function report() {
  return apiData<{
    status: string;
    digest: string;
    candidates: { rank: number; bidId: number; supplierName: string }[];
    rejections: { supplierName: string; votes: number; of: number }[];
    signatures: { name: string; agree: boolean; dissent: string | null }[];
    clarifications: { question: string; answer: string | null }[];
    insufficient: { decision: string } | null;
  }>(
    suite.baseUrl,
    managerToken,
    `/api/evaluation/evaluation-management/get-report?tenderId=${tenderId}`,
  );
}

describe('issue 32: a mandatory tender evaluated by a drawn committee, end to end', () => {
  it('the manager creates a mandatory tender evaluated by 综合评估法 and publishes it', async () => {
    managerToken = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
    manager = await pageOf();
    await logIn(manager, 'manager');
    // Published at least 20 days before the deadline (mandatory); the clock then moves on.
    deadline = (await serverNow(suite.baseUrl)) + 21 * DAY;
    await manager.goto('/tender_list');
    await button(manager, '新建招标').click();
    const form = dialog(manager);
    await form.getByLabel('招标标题').fill(TITLE);
    await pick(form, manager, '设备类别', '储能系统');
    await pick(form, manager, '地区', '华东');
    await form.getByLabel('预算金额').fill(String(BUDGET));
    await form.getByLabel('联系人').fill('张采购');
    await form.getByLabel('联系电话').fill('0532-88886666');
    await form.getByRole('switch', { name: '依法必须招标' }).click();
    await typeDate(form, manager, '投标截止时间', pickerText(deadline));
    await form.getByLabel('服务器密封', { exact: true }).check();
    // 评标设置: a tender the law requires is evaluated by a committee (the switch locked on).
    const committeeSwitch = form.getByRole('switch', { name: '组建评标委员会' });
    await expect(committeeSwitch.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(committeeSwitch.isDisabled()).resolves.toBe(true);
    await form.locator('.ant-radio-button-wrapper', { hasText: '综合评估法' }).click();
    await form.getByLabel('评分项 1 分值').fill('50');
    await form.getByLabel('评分项 2 名称').fill('商务条款');
    await form
      .getByTestId('criteria-total')
      .getByText('分值合计 110 / 100（超出 10 分）')
      .waitFor();
    await form.getByLabel('评分项 3 分值').fill('30');
    await form.getByTestId('criteria-total').getByText('分值合计 100 / 100').waitFor();
    await form.getByTestId('criteria-total').scrollIntoViewIfNeeded();
    await settled(manager);
    await shot(manager, 'tender-form-1440');
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
  });

  it('bidder1, bidder2 and bidder3 sign up and bid before the deadline', async () => {
    for (const who of ['bidder1', 'bidder2', 'bidder3'] as const) {
      const token = await apiLogin(suite.baseUrl, who, 'Bidder@12345');
      await apiData(
        suite.baseUrl,
        token,
        `/api/ttender/ttender/add-supply-ttender?tenderId=${tenderId}`,
      );
      await apiData(suite.baseUrl, token, '/api/bidding/bid-management/submit-bid', {
        tenderId,
        totalPrice: PRICES[who],
        currency: 'CNY',
        deliveryDays: 60,
        warrantyMonths: 36,
        remark: '含储能变流器供货、运输、安装指导及并网调试',
        fileIds: [],
      });
    }
    await advanceServerClock(
      suite.baseUrl,
      deadline + 5 * 60_000 - (await serverNow(suite.baseUrl)),
    );
  });

  it('the deadline passed: the manager opens the three bids', async () => {
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening`);
    await manager.getByText('已到开标时间').first().waitFor();
    await button(manager, '开标').click();
    await confirmPopover(manager, '开标');
    await toast(manager, '开标完成').waitFor();
    for (const company of Object.values(COMPANIES))
      await manager.getByText(company).first().waitFor();
  });

  it('the manager draws five experts and a standby; expert7 (bidder1’s employee) is never drawn', async () => {
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=committee`);
    const form = manager.getByRole('form', { name: '组建评标委员会' });
    // Five members at least on a mandatory tender: the form starts there.
    await expect(form.getByLabel('委员会人数').inputValue()).resolves.toBe('5');
    await form.getByLabel('备选专家人数').fill('1');
    await button(manager, '随机抽取').click();
    await toast(manager, '评标委员会已组建').waitFor();
    const members = manager.getByRole('table', { name: '评标委员会成员' });
    await members.locator('.ant-table-row').nth(4).waitFor();
    const standbys = manager.getByRole('table', { name: '备选专家' });
    await standbys.locator('.ant-table-row').first().waitFor();
    const shown = (await members.innerText()) + (await standbys.innerText());
    expect(shown).not.toContain(EXPERT_NAMES.expert7);
    await button(manager, '验证抽取').click();
    await manager
      .getByTestId('verify-result')
      .getByText(/^验证通过/)
      .waitFor();

    committee = await getCommittee(suite.baseUrl, managerToken, tenderId);
    const names = [
      ...committee.members.map((m) => m.name),
      ...committee.standbys.map((s) => s.name),
    ];
    expect(committee.members).toHaveLength(5);
    expect(committee.standbys).toHaveLength(1);
    expect(names).not.toContain(EXPERT_NAMES.expert7);
    // Six eligible experts, six seats: every other demo expert is drawn, each once.
    expect(new Set(names).size).toBe(6);
    for (const name of names) expect(shown).toContain(name);
  });

  it('five members pledge; one recuses with a reason and the standby steps in and pledges', async () => {
    const members = committee.members.map((m) => expertOfName(m.name));
    standby = expertOfName(committee.standbys[0]!.name);
    recused = members[4]!;
    for (const username of members) {
      const page = await expertPage(username);
      await openTask(page, TITLE, '签署承诺书');
      await page
        .getByRole('list', { name: '已报名的投标人' })
        .getByText(COMPANIES.bidder2)
        .waitFor();
      if (username !== recused) {
        await signPledge(page);
        desks[username] = new URL(page.url()).pathname + new URL(page.url()).search;
        continue;
      }
      await page.getByLabel('本人与上述投标人存在利害关系，申请回避').check();
      await page.getByLabel('回避理由').fill(RECUSAL);
      await button(page, '申请回避').click();
      await page
        .getByText(
          `您的席位已由备选专家 ${EXPERT_NAMES[standby]} 递补，本项目的评标内容不再向您显示。`,
        )
        .waitFor();
    }
    const page = await expertPage(standby);
    await openTask(page, TITLE, '签署承诺书');
    await signPledge(page);
    desks[standby] = new URL(page.url()).pathname + new URL(page.url()).search;

    committee = await getCommittee(suite.baseUrl, managerToken, tenderId);
    const byName = (username: string) =>
      committee.members.find((m) => m.name === EXPERT_NAMES[username]);
    expect(byName(recused)).toMatchObject({ status: 'recused' });
    expect(byName(standby)).toMatchObject({ status: 'active' });
    expect(byName(standby)!.pledgedAt).not.toBeNull();
    sitting = [...members.slice(0, 4), standby];
    expect(committee.members.filter((m) => m.status === 'active' && m.pledgedAt)).toHaveLength(5);
    expect(byName(sitting[0]!)!.chair).toBe(true);

    // The manager's committee tab: the recusal with its reason, the standby seated, all pledged.
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=committee`);
    await manager.getByText('5 / 5 人已签署').waitFor();
    const table = manager.getByRole('table', { name: '评标委员会成员' });
    const recusedRow = table.locator('.ant-table-row', { hasText: EXPERT_NAMES[recused]! });
    await recusedRow.getByText('已回避').waitFor();
    await recusedRow.getByText(RECUSAL).waitFor();
    await table
      .locator('.ant-table-row', { hasText: EXPERT_NAMES[standby]! })
      .getByText('已承诺')
      .waitFor();
    await manager.getByText('没有剩余的备选专家：再有席位空缺时将重新抽取').waitFor();
    await recusedRow.scrollIntoViewIfNeeded();
    await settled(manager);
    await shot(manager, 'committee-1440');
    await manager.setViewportSize(PHONE);
    // On a phone the members are cards, not a table.
    const cards = manager.getByRole('list', { name: '评标委员会成员' });
    await cards.getByRole('listitem').filter({ hasText: RECUSAL }).getByText('已回避').waitFor();
    await cards.scrollIntoViewIfNeeded();
    await settled(manager);
    await shot(manager, 'committee-390');
    await manager.setViewportSize(DESKTOP);
  });

  it('a member asks bidder2 a written clarification, and bidder2 answers it on 评标澄清', async () => {
    const asker = expertPages[sitting[1]!]!;
    await asker.goto(desks[sitting[1]!]!);
    await asker
      .locator('.ant-table-row', { hasText: COMPANIES.bidder2 })
      .getByRole('button', { name: '发起澄清' })
      .click();
    const ask = dialog(asker);
    await ask.getByLabel('澄清问题').fill(QUESTION);
    await button(ask, '发送').click();
    await ask.waitFor({ state: 'hidden' });
    await asker.getByText(QUESTION).waitFor();

    bidder2 = await pageOf();
    await logIn(bidder2, 'bidder2');
    await bidder2.goto('/clarification');
    const row = bidder2.locator('.ant-table-row', { hasText: QUESTION });
    // The bidder never learns who asked.
    await expect(row.innerText()).resolves.not.toContain(EXPERT_NAMES[sitting[1]!]!);
    await button(row, '答复').click();
    const answer = dialog(bidder2);
    await answer.getByLabel('答复', { exact: true }).fill(ANSWER);
    await button(answer, '提交答复').click();
    await toast(bidder2, '答复已提交').waitFor();
    await row.getByText(ANSWER).waitFor();

    await asker.reload();
    await asker.getByRole('tab', { name: /评标澄清/ }).click();
    await asker.getByText(ANSWER).waitFor();
  });

  it('each member scores; three of the five reject bidder3’s bid, two pass it', async () => {
    const rejecters = sitting.slice(1, 4);
    for (const [i, username] of sitting.entries()) {
      const page = expertPages[username]!;
      await page.goto(desks[username]!);
      await page.getByText('¥4,464,000.00').waitFor();
      await reviewBid(page, COMPANIES.bidder1, {
        scores: { 技术方案: 44 - (i % 2), 商务条款: 17 },
      });
      await reviewBid(page, COMPANIES.bidder2, {
        scores: { 技术方案: 40 + (i % 2), 商务条款: 16 },
      });
      await reviewBid(
        page,
        COMPANIES.bidder3,
        rejecters.includes(username)
          ? { ground: REJECT_GROUND, note: '报价明显低于其余投标，未能合理说明' }
          : { scores: { 技术方案: 38, 商务条款: 15 } },
      );
      if (i === 0) {
        await settled(page);
        await shot(page, 'desk-1440');
        await page.setViewportSize(PHONE);
        await page.getByText('¥4,464,000.00').first().waitFor();
        await settled(page);
        await shot(page, 'desk-390');
        await page.setViewportSize(DESKTOP);
      }
      await submitSheet(page);
    }
    const chair = expertPages[sitting[0]!]!;
    await chair.reload();
    await chair.getByText('组长：全部委员已提交，可以完成评标').waitFor();
  });

  it('the chair finishes; with two valid bids of three the committee decides to continue', async () => {
    const chair = expertPages[sitting[0]!]!;
    await button(chair, '完成评标').click();
    const confirm = chair.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await settled(chair);
    await button(confirm, '完成评标').click();
    const decide = chair.locator('.ant-modal', { hasText: '有效投标不足' });
    await decide.waitFor();
    await decide.getByLabel('有效投标不足但具有竞争性，继续评标').check();
    await decide.getByLabel('决定理由').fill('两家有效投标报价接近，仍具有竞争性');
    await button(decide, '确认决定').click();
    await toast(chair, '评标已完成，评标报告已生成，请各成员签字').waitFor();
    await chair.getByText('评标报告（第 1 版）').waitFor();
    const made = await report();
    expect(made.status).toBe('signing');
    expect(made.insufficient?.decision).toBe('continue');
    expect(made.rejections).toEqual([
      expect.objectContaining({ supplierName: COMPANIES.bidder3, votes: 3, of: 5 }),
    ]);
    expect(made.candidates.map((c) => c.supplierName)).toEqual([
      COMPANIES.bidder1,
      COMPANIES.bidder2,
    ]);
    expect(made.clarifications).toEqual([
      expect.objectContaining({ question: QUESTION, answer: ANSWER }),
    ]);
  });

  it('every member signs the report, one of them 不同意 with a reason', async () => {
    const dissenter = sitting[4]!;
    for (const username of sitting) {
      const page = expertPages[username]!;
      await openTask(page, TITLE, '签署报告');
      await signReport(page, username === dissenter ? DISSENT : undefined);
    }
    const signed = await report();
    expect(signed.status).toBe('final');
    expect(signed.signatures).toHaveLength(5);
    expect(signed.signatures.filter((s) => !s.agree)).toEqual([
      expect.objectContaining({ name: EXPERT_NAMES[dissenter], dissent: DISSENT }),
    ]);
    const chair = expertPages[sitting[0]!]!;
    await chair.reload();
    await chair.getByText('已生效').first().waitFor();
    await chair.getByText(DISSENT).first().waitFor();
    // The ranking, the rejection and the signatures, below the report's head.
    await chair
      .getByText('排名与推荐中标候选人')
      .evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await settled(chair);
    await shot(chair, 'report-1440');
    await chair.setViewportSize(PHONE);
    await chair.getByText('评标报告（第 1 版）').waitFor();
    await settled(chair);
    await shot(chair, 'report-390');
    await chair.setViewportSize(DESKTOP);
  });

  it('the report PDF opens: a PDF carrying the digest', async () => {
    const chair = expertPages[sitting[0]!]!;
    const { digest } = await report();
    await chair.getByText(digest).first().waitFor();
    const [download] = await Promise.all([
      chair.waitForEvent('download'),
      button(chair, '下载 PDF').click(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const path = join(SCREENSHOT_DIR, 'eval-story-report.pdf');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(path).replace(/\s+/g, '');
    expect(text).toContain(digest);
    expect(text).toContain(COMPANIES.bidder3);
  });

  it('the manager publishes the report’s candidates; the first gives up and the second is awarded', async () => {
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=report`);
    const candidates = manager.getByRole('table', { name: '中标候选人' });
    const first = candidates.locator('.ant-table-row', { hasText: COMPANIES.bidder1 });
    const second = candidates.locator('.ant-table-row', { hasText: COMPANIES.bidder2 });
    await first.getByText('定标对象').waitFor();
    await second.getByText('候补').waitFor();
    // The report as the manager reads it: the majority's rejection and the dissent.
    await manager.getByText(`${COMPANIES.bidder3}：3/5 名成员否决`, { exact: false }).waitFor();
    await manager.getByText(DISSENT, { exact: false }).first().waitFor();
    await button(manager, '发布候选人公示').click();
    const publish = dialog(manager);
    // The candidates and their order are the report's; only the reasons are written here.
    await expect(publish.getByLabel('第 1 名推荐理由').inputValue()).resolves.toMatch(
      /^评标委员会推荐第 1 名，综合得分/,
    );
    await button(publish, '生成公示').click();
    await manager.waitForURL((url) => url.pathname === '/announcementDetail');
    await button(manager, '发布').click();
    await confirmPopover(manager, '发布');
    await toast(manager, '公告已发布').waitFor();

    // The publicity (from the next whole hour, three days) ends; the first candidate gives up.
    await advanceServerClock(suite.baseUrl, 3 * DAY + 2 * 3_600_000);
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=report`);
    await manager.getByText(/^中标候选人公示已于 .+ 发布。$/).waitFor();
    await button(first, '取消资格').click();
    const decline = dialog(manager);
    await pick(decline, manager, '取消理由', '放弃中标');
    await decline.getByLabel('说明').fill(`${COMPANIES.bidder1}书面函告放弃中标`);
    await button(decline, '确认取消').click();
    await toast(manager, '已取消该候选人资格').waitFor();
    await first.getByText('已取消资格').waitFor();
    await second.getByText('定标对象').waitFor();

    await button(second, '定标').click();
    const award = dialog(manager);
    await award.getByText(`中标人：${COMPANIES.bidder2}`).waitFor();
    await award.getByLabel('定标理由').fill('第一中标候选人放弃中标，按排名确定第二中标候选人');
    await button(award, '确认定标').click();
    await toast(manager, '定标完成').waitFor();
    await manager.reload();
    await manager.locator('.tender-detail-header').getByText('已定标').waitFor();
    // The award went to bidder2's bid, the report's second candidate.
    const { candidates: ranked } = await report();
    const compared = await apiData<{ award: { bidId: number } | null }>(
      suite.baseUrl,
      managerToken,
      `/api/ttender/ttender/list-bids-by-tender?tenderId=${tenderId}`,
    );
    expect(compared.award?.bidId).toBe(ranked[1]!.bidId);
  });
});
