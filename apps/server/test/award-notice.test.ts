import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_BASE, announcementApi, bidApi } from '@tender/contracts';
import { notifications, suppliers, users } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, signUp, supplierIdOf } from './support/bids.js';
import { drawnText, glyphProblems, hasPoppler, renderedWords } from './support/pdf.js';

/**
 * What the award writes for people: the 中标通知书 PDF (every character drawn with its own
 * glyph, a proper close), the result announcement and the notices, with times as
 * "2026-12-23 11:05" (Beijing) and amounts as "¥3,250,000.00".
 */

let t: TestApp;
// 2026-12-23 11:05:13 in Beijing.
const clock = new TestClock(new Date('2026-12-23T03:05:13.000Z'));
const tok: Record<string, string> = {};
const TITLE = '海上风电场 220kV 海缆及附件采购';
let tenderId: number;
let tenderNo: string;
let announcementId: number;
let winnerName: string;
let pdf: Buffer;

const quote = (totalPrice: number) => ({
  tenderId,
  totalPrice,
  currency: 'CNY',
  deliveryDays: 30,
  warrantyMonths: 24,
  remark: '',
});

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const SLASHED_DATE = /\d{4}\/\d{1,2}\/\d{1,2}/;

async function noticesOf(username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  return t.database.db.select().from(notifications).where(eq(notifications.userId, user!.id));
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2']) tok[name] = await t.login(name);
  const winner = await supplierIdOf(t, 'bidder1');
  const [company] = await t.database.db
    .select({ name: suppliers.companyName })
    .from(suppliers)
    .where(eq(suppliers.id, winner));
  winnerName = company!.name;
  tenderId = await createTender(t, clock.now(), { title: TITLE, budget: '3600000.00' });
  await signUp(t, tenderId, [winner, await supplierIdOf(t, 'bidder2')]);
  const won = await t.call(bidApi.submitBid, quote(3_250_000), tok.bidder1);
  expect(won.status).toBe(200);
  expect((await t.call(bidApi.submitBid, quote(3_418_000.5), tok.bidder2)).status).toBe(200);
  clock.advance(3600);
  expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
  const awarded = await t.call(
    bidApi.awardTtender,
    { id: tenderId, bidId: won.body.data.bidId, reason: '报价最低，技术方案满足要求' },
    tok.manager,
  );
  expect(awarded.status).toBe(200);
  announcementId = awarded.body.data.announcementId;
  const data = await t.call(announcementApi.getAwardNoticeData, { tenderId }, tok.bidder1);
  tenderNo = data.body.data.tenderNo;
  const response = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}${announcementApi.getAwardNotice.path}?tenderId=${tenderId}`,
    headers: { authorization: tok.bidder1! },
  });
  expect(response.statusCode).toBe(200);
  pdf = response.rawPayload;
});
afterAll(() => t.close());

describe('the 中标通知书 PDF', () => {
  it('draws every character with the embedded font’s own glyph for it', async () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A subset: the whole font is 10 MB.
    expect(pdf.length).toBeLessThan(300_000);
    expect(await glyphProblems(pdf)).toEqual([]);
    const text = (await drawnText(pdf)).map((run) => run.text).join('\n');
    for (const part of ['中标通知书', winnerName, TITLE, tenderNo, '¥3,250,000.00'])
      expect(text).toContain(part);
  });

  it('closes with the 招标人, a 盖章 area and the date of issue, dates as YYYY年MM月DD日', async () => {
    const text = (await drawnText(pdf)).map((run) => run.text).join('\n');
    const data = await t.call(announcementApi.getAwardNoticeData, { tenderId }, tok.bidder1);
    expect(data.body.data.tendererName).toBe(t.config.tendererName);
    expect(text).toContain(`招标人：${t.config.tendererName}`);
    expect(text).toContain('（盖章）');
    // Awarded 2026-12-23 12:05 Beijing; the contract is due 30 days later.
    expect(text).toContain('2026年12月23日');
    expect(text).toContain('2027年01月22日');
    expect(text).toContain('叁佰贰拾伍万元整');
    expect(text).not.toMatch(ISO_TIME);
    expect(text).not.toMatch(SLASHED_DATE);
    expect(text).not.toContain('CNY');
  });

  it('renders with ink in every word (poppler, where installed)', () => {
    // CI's API step may run without poppler-utils; the browser step installs it (see e2e).
    // Drawn right, each word inks 11–18 % of its box here; the broken subset drew 0–10 %.
    if (!hasPoppler()) return;
    const words = renderedWords(pdf).filter((w) => w.text.trim());
    expect(words.map((w) => w.text).join('')).toContain(winnerName);
    const faint = words.filter((w) => w.ink < 0.08).map((w) => `${w.text} (${w.ink.toFixed(3)})`);
    expect(faint).toEqual([]);
  });
});

describe('times and amounts written for people', () => {
  it('writes the result announcement with ¥ amounts and Beijing minutes', async () => {
    const reply = await t.call(
      announcementApi.getAnnouncementById,
      { id: announcementId },
      tok.manager,
    );
    const content: string = reply.body.data.content;
    expect(content).toContain('¥3,250,000.00');
    expect(content).toContain('于 2026-12-23 12:05 完成定标');
    expect(content).not.toContain('CNY');
    expect(content).not.toMatch(ISO_TIME);
    expect(content).not.toMatch(SLASHED_DATE);
  });

  it('writes notices and refusals with Beijing minutes', async () => {
    const opened = (await noticesOf('bidder2')).find((n) => n.kind === 'bids_opened');
    expect(opened?.text).toMatch(/请在 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 前确认/);
    // A tender whose deadline passed an hour ago: 11:05:13 Beijing, shown to the minute.
    const closed = await createTender(t, new Date(clock.now().getTime() - 2 * 3600_000));
    await signUp(t, closed, [await supplierIdOf(t, 'bidder2')]);
    const late = await t.call(
      bidApi.submitBid,
      { ...quote(3_000_000), tenderId: closed },
      tok.bidder2,
    );
    expect(late.status).toBe(409);
    expect(late.body.errorMsg).toBe('投标已截止（截止时间 2026-12-23 11:05），不能再投标');
    for (const text of [late.body.errorMsg, ...(await noticesOf('bidder1')).map((n) => n.text)]) {
      expect(text).not.toMatch(ISO_TIME);
      expect(text).not.toMatch(SLASHED_DATE);
    }
  });
});
