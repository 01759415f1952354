import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  announcementApi,
  bidApi,
  notificationApi,
  objectionApi,
  supplierApi,
} from '@tender/contracts';
import { announcements, notifications, users } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, signUp, supplierIdOf } from './support/bids.js';

let t: TestApp;
const clock = new TestClock(new Date('2026-04-06T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};
const DAY = 86400;

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['admin', 'manager', 'bidder1', 'bidder2', 'bidder3'])
    tok[name] = await t.login(name);
  for (const name of ['bidder1', 'bidder2', 'bidder3']) sup[name] = await supplierIdOf(t, name);
});
afterAll(() => t.close());

const quote = (tenderId: number, totalPrice: number) => ({
  tenderId,
  totalPrice,
  currency: 'CNY',
  deliveryDays: 30,
  warrantyMonths: 24,
  remark: '',
});

/** A tender bid on by bidder1..3 (bidder3 above the ceiling: invalid) and opened. */
async function openedTender(overrides: Parameters<typeof createTender>[2] = {}) {
  const tenderId = await createTender(t, clock.now(), {
    minBids: 2,
    priceCeiling: '950000',
    ...overrides,
  });
  await signUp(t, tenderId, [sup.bidder1!, sup.bidder2!, sup.bidder3!]);
  const bidIds: Record<string, number> = {};
  for (const [name, price] of [
    ['bidder1', 870000],
    ['bidder2', 910000],
    ['bidder3', 990000],
  ] as const) {
    const reply = await t.call(bidApi.submitBid, quote(tenderId, price), tok[name]);
    expect(reply.status).toBe(200);
    bidIds[name] = reply.body.data.bidId;
  }
  clock.advance(3601);
  expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
  return { tenderId, bidIds };
}

const candidatesOf = (bidIds: Record<string, number>) => [
  { bidId: bidIds.bidder1!, rank: 1, reason: '报价最低，技术方案完整' },
  { bidId: bidIds.bidder2!, rank: 2, reason: '报价次低' },
];

const messageOf = (reply: { body: { message: string; errorMsg?: string } }) =>
  `${reply.body.errorMsg ?? ''} ${reply.body.message}`;

async function notificationsOf(username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  return t.database.db.select().from(notifications).where(eq(notifications.userId, user!.id));
}

describe('candidate publicity', () => {
  it('refuses bad candidates and short publicity, and creates a draft only managers see', async () => {
    const before = await createTender(t, clock.now());
    const early = await t.call(
      announcementApi.publishCandidates,
      { id: before, candidates: [{ bidId: 1, rank: 1, reason: 'x' }] },
      tok.manager,
    );
    expect(early.status).toBe(409);
    expect(messageOf(early)).toMatch(/开标/);

    const { tenderId, bidIds } = await openedTender();
    const call = (input: Record<string, unknown>, token = tok.manager) =>
      t.call(announcementApi.publishCandidates, { id: tenderId, ...input }, token);

    expect((await call({ candidates: candidatesOf(bidIds) }, tok.bidder1)).status).toBe(403);
    expect(
      (
        await t.call(
          announcementApi.publishCandidates,
          { id: 999999, candidates: candidatesOf(bidIds) },
          tok.manager,
        )
      ).status,
    ).toBe(404);
    expect((await call({ candidates: [] })).status).toBe(400);
    const four = [1, 2, 3, 4].map((rank) => ({ bidId: bidIds.bidder1!, rank, reason: 'x' }));
    expect((await call({ candidates: four })).status).toBe(400);
    const noReason = await call({ candidates: [{ bidId: bidIds.bidder1!, rank: 1, reason: ' ' }] });
    expect(noReason.status).toBe(400);
    const sameRank = await call({
      candidates: [
        { bidId: bidIds.bidder1!, rank: 1, reason: 'a' },
        { bidId: bidIds.bidder2!, rank: 1, reason: 'b' },
      ],
    });
    expect(sameRank.status).toBe(400);
    const gap = await call({ candidates: [{ bidId: bidIds.bidder1!, rank: 2, reason: 'a' }] });
    expect(gap.status).toBe(400);
    // The invalid (above-ceiling) bid, and a bid of another tender, are not candidates.
    const invalid = await call({ candidates: [{ bidId: bidIds.bidder3!, rank: 1, reason: 'a' }] });
    expect(invalid.status).toBe(400);
    expect(messageOf(invalid)).toMatch(/有效投标/);
    const other = await openedTender();
    const foreign = await call({
      candidates: [{ bidId: other.bidIds.bidder1!, rank: 1, reason: 'a' }],
    });
    expect(foreign.status).toBe(400);

    const now = clock.now().getTime();
    const short = await call({
      candidates: candidatesOf(bidIds),
      publicityStart: new Date(now).toISOString(),
      publicityEnd: new Date(now + 2 * DAY * 1000).toISOString(),
    });
    expect(short.status).toBe(400);
    expect(short.body.data.fields[0].field).toBe('publicityEnd');
    expect(short.body.errorMsg).toMatch(/^公示结束时间：公示期不得少于 \d+ 天$/);
    const backwards = await call({
      candidates: candidatesOf(bidIds),
      publicityStart: new Date(now + 5 * DAY * 1000).toISOString(),
      publicityEnd: new Date(now + DAY * 1000).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.fields[0].field).toBe('publicityEnd');
    expect(backwards.body.errorMsg).toBe('公示结束时间必须晚于公示开始时间');

    const created = await call({ candidates: candidatesOf(bidIds) });
    expect(created.status).toBe(200);
    const id = created.body.data.announcementId;
    const draft = await t.call(announcementApi.getAnnouncementById, { id }, tok.manager);
    expect(draft.body.data).toMatchObject({
      kind: 'candidates',
      status: 'draft',
      tenderId,
      publicityState: 'running',
    });
    expect(draft.body.data.title).toContain('储能电站 PCS 采购');
    expect(draft.body.data.candidates).toEqual([
      expect.objectContaining({ rank: 1, supplierId: sup.bidder1, amount: 870000 }),
      expect.objectContaining({ rank: 2, supplierId: sup.bidder2, amount: 910000 }),
    ]);
    const end = new Date(draft.body.data.publicityEnd).getTime();
    expect(end - new Date(draft.body.data.publicityStart).getTime()).toBe(3 * DAY * 1000);
    // The text names the tender; the candidates are the table above it, not repeated in the text.
    expect(draft.body.data.content).toContain('评标结束');
    expect(draft.body.data.content).not.toMatch(/<table|870000/);

    // Drafts: unknown to bidders and the public.
    expect((await t.call(announcementApi.getAnnouncementById, { id }, tok.bidder1)).status).toBe(
      404,
    );
    expect((await t.call(announcementApi.getPublicAnnouncementById, { id })).status).toBe(404);
    const bidderList = await t.call(
      announcementApi.listAnnouncement,
      { pageNum: 1, pageSize: 100 },
      tok.bidder1,
    );
    expect(bidderList.body.data.list.map((a: { id: number }) => a.id)).not.toContain(id);
    expect(
      (await t.call(announcementApi.getAnnouncementById, { id: 999999 }, tok.manager)).status,
    ).toBe(404);
  });
});

describe('drafts, publication and revocation', () => {
  it('sanitises content, publishes once, revokes with a reason and stays visible as revoked', async () => {
    const { tenderId, bidIds } = await openedTender();
    const created = await t.call(
      announcementApi.publishCandidates,
      { id: tenderId, candidates: candidatesOf(bidIds) },
      tok.manager,
    );
    const id = created.body.data.announcementId;

    const xss =
      '<p>公示<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">链接</a><a href="https://example.cn" onclick="x()">官网</a></p>';
    const updated = await t.call(
      announcementApi.updateAnnouncement,
      { id, content: xss, title: '<b>新标题</b>' },
      tok.manager,
    );
    expect(updated.status).toBe(200);
    const content: string = updated.body.data.content;
    expect(content).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
    expect(content).toContain('公示');
    expect(content).toContain('https://example.cn');

    const now = clock.now().getTime();
    const short = await t.call(
      announcementApi.updateAnnouncement,
      { id, publicityEnd: new Date(now + DAY * 1000).toISOString() },
      tok.manager,
    );
    expect(short.status).toBe(400);
    expect(short.body.data.fields[0].field).toBe('publicityEnd');
    expect(short.body.errorMsg).toMatch(/^公示结束时间：公示期不得少于 \d+ 天$/);
    expect(
      (await t.call(announcementApi.updateAnnouncement, { id: 999999, title: 'x' }, tok.manager))
        .status,
    ).toBe(404);
    expect(
      (await t.call(announcementApi.updateAnnouncement, { id, title: 'x' }, tok.bidder1)).status,
    ).toBe(403);

    const published = await t.call(announcementApi.publishAnnouncement, { id }, tok.manager);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published', publicityState: 'running' });
    // Every signed-up company's users are told, in the publication's transaction.
    expect(
      (await notificationsOf('bidder2')).some(
        (n) => n.kind === 'candidates_published' && n.link === `/announcementDetail?id=${id}`,
      ),
    ).toBe(true);
    const twice = await t.call(announcementApi.publishAnnouncement, { id }, tok.manager);
    expect(twice.status).toBe(409);
    expect(
      (await t.call(announcementApi.updateAnnouncement, { id, title: 'y' }, tok.manager)).status,
    ).toBe(409);

    // Bidders and the public now see it.
    expect((await t.call(announcementApi.getAnnouncementById, { id }, tok.bidder3)).status).toBe(
      200,
    );
    expect((await t.call(announcementApi.getPublicAnnouncementById, { id })).status).toBe(200);

    const noReason = await t.call(
      announcementApi.revokeAnnouncement,
      { id, reason: '  ' },
      tok.manager,
    );
    expect(noReason.status).toBe(400);
    const revoked = await t.call(
      announcementApi.revokeAnnouncement,
      { id, reason: '候选人资格复核中' },
      tok.manager,
    );
    expect(revoked.body.data).toMatchObject({
      status: 'revoked',
      revokeReason: '候选人资格复核中',
    });
    expect(
      (await t.call(announcementApi.revokeAnnouncement, { id, reason: 'x' }, tok.manager)).status,
    ).toBe(409);
    const pub = await t.call(announcementApi.getPublicAnnouncementById, { id });
    expect(pub.body.data).toMatchObject({ status: 'revoked', revokeReason: '候选人资格复核中' });
    const search = await t.call(announcementApi.searchAnnouncement, {
      keyword: '新标题',
      pageNum: 1,
      pageSize: 10,
    });
    expect(search.body.data.list.map((a: { id: number }) => a.id)).not.toContain(id);
    // A revoked announcement is not published again.
    expect((await t.call(announcementApi.publishAnnouncement, { id }, tok.manager)).status).toBe(
      409,
    );
  });
});

describe('one live candidate publicity per tender', () => {
  it('refuses a second publication until the first is revoked with a reason', async () => {
    const { tenderId, bidIds } = await openedTender();
    const draft = async () =>
      (
        await t.call(
          announcementApi.publishCandidates,
          { id: tenderId, candidates: candidatesOf(bidIds) },
          tok.manager,
        )
      ).body.data.announcementId as number;
    const first = await draft();
    const second = await draft();
    expect(
      (await t.call(announcementApi.publishAnnouncement, { id: first }, tok.manager)).status,
    ).toBe(200);
    const refused = await t.call(announcementApi.publishAnnouncement, { id: second }, tok.manager);
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toMatch(/已有已发布的中标候选人公示.*请先撤销/);
    const [stored] = await t.database.db
      .select({ status: announcements.status })
      .from(announcements)
      .where(eq(announcements.id, second));
    expect(stored!.status).toBe('draft');

    await t.call(
      announcementApi.revokeAnnouncement,
      { id: first, reason: '第二名候选人报价录入有误，更正后重新公示' },
      tok.manager,
    );
    const replaced = await t.call(announcementApi.publishAnnouncement, { id: second }, tok.manager);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ status: 'published', publicityState: 'running' });
  });
});

describe('objections and the award gates', () => {
  it('runs a mandatory tender through publicity, objection, answer and award', async () => {
    // Three valid bids (bidder3 under this ceiling): a mandatory tender fails with fewer.
    const { tenderId, bidIds } = await openedTender({ mandatory: true, priceCeiling: '1000000' });
    const award = () =>
      t.call(
        bidApi.awardTtender,
        { id: tenderId, bidId: bidIds.bidder1!, reason: '综合评分第一' },
        tok.manager,
      );
    const noPublicity = await award();
    expect(noPublicity.status).toBe(409);
    expect(messageOf(noPublicity)).toMatch(/公示/);

    const created = await t.call(
      announcementApi.publishCandidates,
      { id: tenderId, candidates: candidatesOf(bidIds) },
      tok.manager,
    );
    const id = created.body.data.announcementId;
    // A draft is no publicity: objections are refused (404: nobody outside knows of it).
    const onDraft = await t.call(
      objectionApi.insertObjection,
      { announcementId: id, content: '异议' },
      tok.bidder2,
    );
    expect(onDraft.status).toBe(404);
    await t.call(announcementApi.publishAnnouncement, { id }, tok.manager);
    const running = await award();
    expect(running.status).toBe(409);
    expect(messageOf(running)).toMatch(/公示期结束/);

    const text = '第一中标候选人的业绩证明存疑<script>alert(1)</script>';
    const filed = await t.call(
      objectionApi.insertObjection,
      { announcementId: id, content: text },
      tok.bidder2,
    );
    expect(filed.status).toBe(200);
    expect(filed.body.data).toMatchObject({ status: 'open', overdue: false, content: text });
    expect(new Date(filed.body.data.answerDueAt).getTime()).toBe(
      clock.now().getTime() + 3 * DAY * 1000,
    );
    const dup = await t.call(
      objectionApi.insertObjection,
      { announcementId: id, content: text },
      tok.bidder2,
    );
    expect(dup.status).toBe(409);
    expect(
      (
        await t.call(
          objectionApi.insertObjection,
          { announcementId: 999999, content: 'x' },
          tok.bidder2,
        )
      ).status,
    ).toBe(404);
    const tooLong = await t.call(
      objectionApi.insertObjection,
      { announcementId: id, content: '长'.repeat(2001) },
      tok.bidder2,
    );
    expect(tooLong.status).toBe(400);
    // The managers are told.
    expect((await notificationsOf('manager')).some((n) => n.kind === 'objection_filed')).toBe(true);

    // Others see neither the objection nor who filed it.
    const asOther = await t.call(
      objectionApi.listObjection,
      { tenderId, pageNum: 1, pageSize: 10 },
      tok.bidder1,
    );
    expect(asOther.body.data).toMatchObject({ total: 0, list: [] });
    const asOwner = await t.call(
      objectionApi.listObjection,
      { tenderId, pageNum: 1, pageSize: 10 },
      tok.bidder2,
    );
    expect(asOwner.body.data.total).toBe(1);
    const asManager = await t.call(
      objectionApi.listObjection,
      { tenderId, status: 'open', pageNum: 1, pageSize: 10 },
      tok.manager,
    );
    expect(asManager.body.data.list[0]).toMatchObject({ supplierId: sup.bidder2, status: 'open' });
    const publicView = await t.call(announcementApi.getPublicAnnouncementById, { id });
    expect(JSON.stringify(publicView.body.data)).not.toContain('业绩证明');

    // Bidders cannot answer; the award waits for the answer.
    const objectionId = filed.body.data.id;
    expect(
      (
        await t.call(
          objectionApi.answerObjection,
          { id: objectionId, answer: '已核实' },
          tok.bidder1,
        )
      ).status,
    ).toBe(403);
    clock.advance(3 * DAY + 60);
    const overdue = await t.call(
      objectionApi.listObjection,
      { tenderId, pageNum: 1, pageSize: 10 },
      tok.manager,
    );
    expect(overdue.body.data.list[0].overdue).toBe(true);
    const unanswered = await award();
    expect(unanswered.status).toBe(409);
    expect(messageOf(unanswered)).toMatch(/异议尚未答复/);
    expect((await notificationsOf('bidder1')).some((n) => n.kind === 'award_result')).toBe(false);

    // The publicity has ended: no new objection.
    const late = await t.call(
      objectionApi.insertObjection,
      { announcementId: id, content: '迟到的异议' },
      tok.bidder3,
    );
    expect(late.status).toBe(409);
    expect(messageOf(late)).toMatch(/公示期已结束/);

    expect(
      (await t.call(objectionApi.answerObjection, { id: 999999, answer: 'x' }, tok.manager)).status,
    ).toBe(404);
    const answered = await t.call(
      objectionApi.answerObjection,
      { id: objectionId, answer: '经核实，业绩证明真实有效' },
      tok.manager,
    );
    expect(answered.body.data).toMatchObject({ status: 'answered', overdue: false });
    expect(
      (await t.call(objectionApi.answerObjection, { id: objectionId, answer: 'x' }, tok.manager))
        .status,
    ).toBe(409);
    expect((await notificationsOf('bidder2')).some((n) => n.kind === 'objection_answered')).toBe(
      true,
    );

    const awarded = await award();
    expect(awarded.status).toBe(200);
    const b1 = await notificationsOf('bidder1');
    const b2 = await notificationsOf('bidder2');
    expect(b1.some((n) => n.kind === 'award_result' && n.text.includes('中标'))).toBe(true);
    expect(b2.some((n) => n.kind === 'award_result' && n.text.includes('未中标'))).toBe(true);

    // The award notice: the winner and managers; others 404.
    const pdf = await t.call(announcementApi.getAwardNotice, { tenderId }, tok.bidder1);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const rawPdf = await t.raw({
      method: 'GET',
      url: `/tendering-service${announcementApi.getAwardNotice.path}?tenderId=${tenderId}`,
      headers: { authorization: tok.manager! },
    });
    expect(rawPdf.status).toBe(200);
    // A real PDF with the Chinese font embedded as a subset (small), not a whole 10 MB font.
    expect(rawPdf.body.message.startsWith('%PDF-')).toBe(true);
    expect(rawPdf.body.message.length).toBeLessThan(300_000);
    expect(rawPdf.headers['content-disposition']).toContain('.pdf');
    expect((await t.call(announcementApi.getAwardNotice, { tenderId }, tok.bidder2)).status).toBe(
      404,
    );
    const data = await t.call(announcementApi.getAwardNoticeData, { tenderId }, tok.bidder1);
    expect(data.body.data).toMatchObject({
      amount: 870000,
      amountInWords: '捌拾柒万元整',
      winnerSupplierId: sup.bidder1,
    });
    expect(
      new Date(data.body.data.contractDeadline).getTime() -
        new Date(data.body.data.awardedAt).getTime(),
    ).toBe(30 * DAY * 1000);
  });

  it('refuses an objection from a company that did not take part', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 1 });
    await signUp(t, tenderId, [sup.bidder1!]);
    const bid = await t.call(bidApi.submitBid, quote(tenderId, 500000), tok.bidder1);
    clock.advance(3601);
    await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    const created = await t.call(
      announcementApi.publishCandidates,
      { id: tenderId, candidates: [{ bidId: bid.body.data.bidId, rank: 1, reason: '唯一有效' }] },
      tok.manager,
    );
    const id = created.body.data.announcementId;
    await t.call(announcementApi.publishAnnouncement, { id }, tok.manager);
    const outsider = await t.call(
      objectionApi.insertObjection,
      { announcementId: id, content: '不公平' },
      tok.bidder3,
    );
    expect(outsider.status).toBe(403);
    expect(messageOf(outsider)).toMatch(/参与/);
    // A non-mandatory tender may be awarded during the publicity (no open objection).
    const awarded = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: bid.body.data.bidId, reason: '唯一有效投标' },
      tok.manager,
    );
    expect(awarded.status).toBe(200);
  });
});

describe('public announcement search', () => {
  it('finds published result announcements by 1- and 2-character keywords, newest first', async () => {
    const { tenderId, bidIds } = await openedTender({ title: '光伏逆变器集中采购' });
    const awarded = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: bidIds.bidder1!, reason: '最低价' },
      tok.manager,
    );
    const id = awarded.body.data.announcementId;
    const search = (keyword: string) =>
      t.call(announcementApi.searchAnnouncement, { keyword, pageNum: 1, pageSize: 100 });
    // A draft is not found.
    expect((await search('逆变')).body.data.list.map((a: { id: number }) => a.id)).not.toContain(
      id,
    );
    await t.call(announcementApi.publishAnnouncement, { id }, tok.manager);
    for (const keyword of ['逆变', '伏', '光伏逆变器', '中标结果']) {
      const ids = (await search(keyword)).body.data.list.map((a: { id: number }) => a.id);
      expect(ids, keyword).toContain(id);
    }
    expect((await search('伏光')).body.data.list.map((a: { id: number }) => a.id)).not.toContain(
      id,
    );
    const all = (await search('')).body.data.list as { publishedAt: string }[];
    const times = all.map((a) => new Date(a.publishedAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(
      (await t.call(announcementApi.searchAnnouncement, { pageNum: 1, pageSize: 101 })).status,
    ).toBe(400);
    const [row] = await t.database.db
      .select({ searchText: announcements.searchText })
      .from(announcements)
      .where(and(eq(announcements.id, id)));
    expect(row!.searchText).toContain('光伏逆变器');
  });
});

describe('notifications', () => {
  it('lists the caller own notices with the unread count and marks them read', async () => {
    const list = await t.call(
      notificationApi.listMyNotification,
      { pageNum: 1, pageSize: 100 },
      tok.bidder1,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.unreadCount).toBeGreaterThan(0);
    const first = list.body.data.list[0];
    const marked = await t.call(notificationApi.markRead, { ids: [first.id] }, tok.bidder1);
    expect(marked.body.data.updated).toBe(1);
    expect(marked.body.data.unreadCount).toBe(list.body.data.unreadCount - 1);
    // Someone else's id changes nothing.
    const foreign = await t.call(notificationApi.markRead, { ids: [first.id] }, tok.bidder2);
    expect(foreign.body.data.updated).toBe(0);
    expect((await t.call(notificationApi.markRead, {}, tok.bidder1)).status).toBe(400);
    const all = await t.call(notificationApi.markRead, { all: true }, tok.bidder1);
    expect(all.body.data.unreadCount).toBe(0);
    const unread = await t.call(
      notificationApi.listMyNotification,
      { unread: true, pageNum: 1, pageSize: 10 },
      tok.bidder1,
    );
    expect(unread.body.data).toMatchObject({ total: 0, unreadCount: 0 });
  });

  it('writes the approval and the opening notices with the change', async () => {
    const bidder4 = await supplierIdOf(t, 'bidder4');
    const approved = await t.call(
      supplierApi.auditSupplier,
      { id: bidder4, action: 'approve', reason: '资料齐全' },
      tok.manager,
    );
    expect(approved.status).toBe(200);
    expect((await notificationsOf('bidder4')).map((n) => n.kind)).toContain('supplier_approved');
    // A refused transition (approve twice) writes nothing more.
    const again = await t.call(
      supplierApi.auditSupplier,
      { id: bidder4, action: 'approve', reason: '再次' },
      tok.manager,
    );
    expect(again.status).toBe(409);
    expect(
      (await notificationsOf('bidder4')).filter((n) => n.kind === 'supplier_approved'),
    ).toHaveLength(1);
    const before = (await notificationsOf('bidder2')).filter((n) => n.kind === 'bids_opened');
    await openedTender();
    const after = (await notificationsOf('bidder2')).filter((n) => n.kind === 'bids_opened');
    expect(after.length).toBe(before.length + 1);
  });

  it('reminds a signed-up company without a bid once, within 24 hours of the deadline', async () => {
    const tenderId = await createTender(t, clock.now(), {
      bidDeadline: new Date(clock.now().getTime() + 30 * 3600_000),
      openingAt: new Date(clock.now().getTime() + 30 * 3600_000),
    });
    await signUp(t, tenderId, [sup.bidder1!, sup.bidder2!]);
    const reminders = async (name: string) => {
      await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 10 }, tok[name]);
      return (await notificationsOf(name)).filter(
        (n) => n.kind === 'deadline_soon' && n.link === `/bidding?tenderId=${tenderId}`,
      );
    };
    expect(await reminders('bidder1')).toHaveLength(0);
    clock.advance(7 * 3600);
    await t.call(bidApi.submitBid, quote(tenderId, 800000), tok.bidder2);
    expect(await reminders('bidder1')).toHaveLength(1);
    expect(await reminders('bidder1')).toHaveLength(1);
    expect(await reminders('bidder2')).toHaveLength(0);
    expect(await reminders('bidder3')).toHaveLength(0);
  });
});
