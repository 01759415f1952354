import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { PHONE, DESKTOP, SCREENSHOT_DIR, logIn, screenshot } from './support/browser';
import { toast } from './support/shell';
import { button, confirmPopover, dialog } from './support/admin';
import {
  advanceServerClock,
  apiLogin,
  screenshotPagesOnFailure,
  serverNow,
  settled,
} from './support/tender';
import {
  COMPANIES,
  COMPREHENSIVE,
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
const contexts: BrowserContext[] = [];
let broken = '';
beforeEach(({ skip }) => skip(Boolean(broken), `an earlier step failed: ${broken}`));
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') broken ||= task.name;
  await screenshotPagesOnFailure(contexts, task);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

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

async function pageOf(viewport = DESKTOP) {
  const context = await suite.newContext(viewport);
  contexts.push(context);
  return context.newPage();
}

async function expertPage(username: string) {
  if (!expertPages[username]) {
    const page = await pageOf();
    await logIn(page, { username, password: EXPERT_PASSWORD });
    expertPages[username] = page;
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
  it('a mandatory comprehensive tender gets three bids before its deadline', async () => {
    managerToken = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
    // Published at least 20 days before the deadline (mandatory); the clock then moves on.
    const deadline = (await serverNow(suite.baseUrl)) + 21 * DAY;
    const created = await apiData<{ id: number }>(
      suite.baseUrl,
      managerToken,
      '/api/ttender/ttender/insert-ttender',
      {
        title: TITLE,
        category: 'energy_storage',
        region: 'east',
        budget: BUDGET,
        currency: 'CNY',
        contact: '张采购',
        contactPhone: '0532-88886666',
        mandatory: true,
        bidDeadline: new Date(deadline).toISOString(),
        minBids: 3,
        evaluation: COMPREHENSIVE,
        description: '<p>储能变流器（PCS）12 台，依法必须招标，由评标委员会按综合评估法评标。</p>',
      },
    );
    tenderId = created.id;
    await apiData(suite.baseUrl, managerToken, '/api/ttender/ttender/publish-ttender', {
      id: tenderId,
    });
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
    manager = await pageOf();
    await logIn(manager, 'manager');
    await manager.goto(`/denderManagement_details?id=${tenderId}&tab=opening`);
    await manager.getByText('已到开标时间').first().waitFor();
    await button(manager, '开标').click();
    await confirmPopover(manager, '开标');
    await toast(manager, '开标完成').waitFor();
    for (const company of Object.values(COMPANIES))
      await manager.getByText(company).first().waitFor();
  });

  it('the manager draws five experts and a standby; expert7 (bidder1’s employee) is never drawn', async () => {
    committee = await apiData<CommitteeView>(
      suite.baseUrl,
      managerToken,
      '/api/evaluation/committee-management/draw-committee',
      { tenderId, size: 5, standbys: 1, specialties: [], representativeIds: [] },
    );
    const names = [
      ...committee.members.map((m) => m.name),
      ...committee.standbys.map((s) => s.name),
    ];
    expect(committee.members).toHaveLength(5);
    expect(committee.standbys).toHaveLength(1);
    expect(names).not.toContain(EXPERT_NAMES.expert7);
    // Six eligible experts, six seats: every other demo expert is drawn, each once.
    expect(new Set(names).size).toBe(6);
    const verified = await apiData<{ matches: boolean }>(
      suite.baseUrl,
      managerToken,
      `/api/evaluation/committee-management/verify-draw?tenderId=${tenderId}`,
    );
    expect(verified.matches).toBe(true);
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

  it('the manager publishes the candidates; the first gives up and the second is awarded', async () => {
    const { candidates } = await report();
    const { announcementId } = await apiData<{ announcementId: number }>(
      suite.baseUrl,
      managerToken,
      '/api/ttender/ttender/publish-candidates',
      {
        id: tenderId,
        candidates: candidates.map((c) => ({
          bidId: c.bidId,
          rank: c.rank,
          reason: `评标委员会推荐，排名第 ${c.rank}`,
        })),
      },
    );
    await apiData(
      suite.baseUrl,
      managerToken,
      '/api/announcement/announcement-management/publish-announcement',
      { id: announcementId },
    );
    await advanceServerClock(suite.baseUrl, 4 * DAY);
    const [first, second] = candidates;
    await apiData(suite.baseUrl, managerToken, '/api/ttender/ttender/decline-candidate', {
      tenderId,
      bidId: first!.bidId,
      ground: 'gave_up',
      reason: `${first!.supplierName}书面函告放弃中标`,
    });
    // The award follows the ranking: to the declined first candidate it is refused.
    const refused = await fetch(
      `${suite.baseUrl}/tendering-service/api/ttender/ttender/award-ttender`,
      {
        method: 'POST',
        headers: { Authorization: managerToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: tenderId, bidId: first!.bidId, reason: '综合得分第一' }),
      },
    );
    expect(refused.status).toBe(409);
    await apiData(suite.baseUrl, managerToken, '/api/ttender/ttender/award-ttender', {
      id: tenderId,
      bidId: second!.bidId,
      reason: '第一中标候选人放弃中标，依次确定第二中标候选人',
    });
    await manager.goto(`/denderManagement_details?id=${tenderId}`);
    await manager.locator('.tender-detail-header').getByText('已定标').waitFor();
  });
});
