import { execFileSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { button, callApi } from './admin';
import { settled } from './tender';

/** The demo experts (expert7 works for bidder1's company, so every draw skips it). */
export const EXPERT_PASSWORD = 'Expert@12345';
export const EXPERT_NAMES: Record<string, string> = {
  expert1: '吴国栋',
  expert2: '李秀英',
  expert3: '陈志强',
  expert4: '刘芳',
  expert5: '赵明',
  expert6: '孙丽',
  expert7: '周海涛',
};
export const expertOfName = (name: string) =>
  Object.keys(EXPERT_NAMES).find((username) => EXPERT_NAMES[username] === name)!;

export const COMPANIES = {
  bidder1: '华能电气设备有限公司',
  bidder2: '江南电缆集团股份有限公司',
  bidder3: '南方智能电网科技有限公司',
} as const;

/** Answers `data` of a call, failing with the server's words when it refused. */
export async function apiData<T>(baseUrl: string, token: string, path: string, body?: unknown) {
  const answer = await callApi(baseUrl, token, path, body);
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

export interface CommitteeView {
  committeeId: number;
  members: {
    memberId: number;
    name: string;
    chair: boolean;
    status: string;
    pledgedAt: string | null;
  }[];
  standbys: { memberId: number; name: string; rank: number }[];
}

export const getCommittee = (baseUrl: string, token: string, tenderId: number) =>
  apiData<CommitteeView>(
    baseUrl,
    token,
    `/api/evaluation/committee-management/get-committee?tenderId=${tenderId}`,
  );

/** The expert's task card of a tender on 评标任务 (other committees are listed too). */
export const taskCard = (page: Page, title: string) =>
  page.locator('.evaluation-task-card', { hasText: title });

/** From 评标任务, the step the card offers (签署承诺书, 进入评标, 签署报告 …). */
export async function openTask(page: Page, title: string, step: string) {
  await page.goto('/evaluation');
  const card = taskCard(page, title);
  await card.getByRole('link', { name: step }).click();
  await page.waitForURL((url) => url.pathname === '/evaluationDesk');
}

/** 评标承诺书: 无利害关系 signed; the sheet then shows the bids. */
export async function signPledge(page: Page) {
  await page.getByLabel('本人与上述投标人均无利害关系').check();
  await button(page, '签署承诺书').click();
  await page.getByRole('tab', { name: '评审与评分' }).waitFor();
}

/** One bid's review in the sheet: 通过 with scores, or 否决 on a ground with a note. */
export async function reviewBid(
  page: Page,
  company: string,
  review: { scores: Record<string, number> } | { ground: string; note: string },
) {
  const decision = page.getByRole('radiogroup', { name: `${company} 评审结论` });
  if ('scores' in review) {
    await decision.getByText('通过', { exact: true }).click();
    for (const [criterion, score] of Object.entries(review.scores))
      await page.getByLabel(`${company} ${criterion}`, { exact: true }).fill(String(score));
  } else {
    await decision.getByText('否决', { exact: true }).click();
    await page.getByLabel(`${company} 否决理由`, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: review.ground })
      .click();
    await page.getByLabel(`${company} 评审说明`, { exact: true }).fill(review.note);
  }
}

/** 提交 and its confirmation; the sheet is then locked. */
export async function submitSheet(page: Page) {
  await button(page, '提交').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.waitFor();
  await settled(page);
  await button(confirm, '确认提交').click();
  await page.getByText(/评分表已锁定/).waitFor();
}

/** 签字 on the report: agree, or dissent with a reason. */
export async function signReport(page: Page, dissent?: string) {
  const panel: Locator = page.locator('.ant-alert', { hasText: '请审阅评标报告并签字' });
  await panel.getByLabel(dissent ? '不同意' : '同意', { exact: true }).check();
  if (dissent) await panel.getByLabel('不同意理由').fill(dissent);
  await button(panel, '签字').click();
  await panel.waitFor({ state: 'hidden' });
}

/** The text of a PDF as pdftotext reads it (the report's digest must be in it). */
export const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
