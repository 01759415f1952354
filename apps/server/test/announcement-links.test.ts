import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_BASE,
  announcementApi,
  bidApi,
  fileApi,
  notificationApi,
  notificationLinks,
  objectionApi,
  supplierApi,
  tenderApi,
} from '@tender/contracts';
import { notifications, users } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, pdfWith, signUp, supplierIdOf, uploadFile } from './support/bids.js';

/**
 * Issue 29: every notification leads to its exact record; an objection's evidence reaches the
 * managers (and its company) only; 定标 knows in advance why it would be refused.
 */
let t: TestApp;
// 11:00 in Beijing: the publicity below ends on 2026-12-23 at 13:00 Beijing time.
const clock = new TestClock(new Date('2026-12-20T03:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['admin', 'manager', 'bidder1', 'bidder2', 'bidder3', 'bidder4'])
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

/** The links of `username`'s notices of one kind, oldest first. */
async function linksOf(username: string, kind: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user!.id));
  return rows.filter((n) => n.kind === kind).map((n) => n.link);
}

const comparison = async (tenderId: number) =>
  (await t.call(bidApi.listBidsByTender, { tenderId }, tok.manager)).body.data;

describe('a mandatory tender from the opening to the award', () => {
  let tenderId = 0;
  const bidIds: Record<string, number> = {};
  let candidatesId = 0;
  let objectionId = 0;
  let evidenceId = 0;

  it('tells each company of the opening on its 投标报价 row, and 定标 waits for a publicity', async () => {
    tenderId = await createTender(t, clock.now(), { mandatory: true, minBids: 3 });
    await signUp(t, tenderId, [sup.bidder1!, sup.bidder2!, sup.bidder3!]);
    for (const [name, price] of [
      ['bidder1', 870000],
      ['bidder2', 910000],
      ['bidder3', 950000],
    ] as const) {
      const reply = await t.call(bidApi.submitBid, quote(tenderId, price), tok[name]);
      expect(reply.status).toBe(200);
      bidIds[name] = reply.body.data.bidId;
    }
    clock.advance(3601);
    expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
    expect(await linksOf('bidder1', 'bids_opened')).toEqual([
      notificationLinks.biddingRow(tenderId),
    ]);

    const before = await comparison(tenderId);
    expect(before.awardBlockedReason).toMatch(/须先发布中标候选人公示/);
    expect(before.awardableFrom).toBeNull();
  });

  it('links the publicity to its announcement; 定标 shows when the publicity ends, in Beijing time', async () => {
    const created = await t.call(
      announcementApi.publishCandidates,
      {
        id: tenderId,
        candidates: [
          { bidId: bidIds.bidder1!, rank: 1, reason: '报价最低' },
          { bidId: bidIds.bidder2!, rank: 2, reason: '报价次低' },
        ],
        publicityEnd: '2026-12-23T05:00:00.000Z',
      },
      tok.manager,
    );
    candidatesId = created.body.data.announcementId;
    await t.call(announcementApi.publishAnnouncement, { id: candidatesId }, tok.manager);
    expect(await linksOf('bidder3', 'candidates_published')).toEqual([
      notificationLinks.announcement(candidatesId),
    ]);

    const running = await comparison(tenderId);
    expect(running.awardBlockedReason).toBe(
      '依法必须招标的项目须待中标候选人公示期结束（2026-12-23 13:00）后才能定标',
    );
    expect(running.awardableFrom).toBe('2026-12-23T05:00:00.000Z');
    // The refusal is the same sentence, from the same rule.
    const refused = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: bidIds.bidder1!, reason: '综合评分第一' },
      tok.manager,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errorMsg ?? refused.body.message).toContain(running.awardBlockedReason);
    expect(JSON.stringify(refused.body)).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('an objection with evidence: the managers are led to it and read the file; nobody else does', async () => {
    const upload = await uploadFile(t, tok.bidder2!, '业绩查询截图.pdf', pdfWith('evidence'));
    expect(upload.status).toBe(200);
    evidenceId = upload.body.data.id;
    const filed = await t.call(
      objectionApi.insertObjection,
      { announcementId: candidatesId, content: '第一候选人业绩存疑', fileIds: [evidenceId] },
      tok.bidder2,
    );
    expect(filed.status).toBe(200);
    objectionId = filed.body.data.id;
    expect(await linksOf('manager', 'objection_filed')).toEqual([
      notificationLinks.objection(candidatesId, objectionId),
    ]);

    // The managers and the objecting company list it with its files.
    for (const who of ['manager', 'admin', 'bidder2']) {
      const list = await t.call(
        objectionApi.listObjection,
        { announcementId: candidatesId, pageNum: 1, pageSize: 10 },
        tok[who],
      );
      expect(list.body.data.list, who).toEqual([
        expect.objectContaining({
          id: objectionId,
          files: [{ id: evidenceId, name: '业绩查询截图.pdf' }],
        }),
      ]);
    }
    const fetch = (token?: string) =>
      t.raw({
        method: 'GET',
        url: `${API_BASE}${fileApi.download.path}?id=${evidenceId}`,
        headers: token ? { authorization: token } : {},
      });
    for (const who of ['manager', 'admin', 'bidder2']) {
      const reply = await fetch(tok[who]);
      expect(reply.status, who).toBe(200);
      expect(reply.body.message).toContain('evidence');
    }
    // Other bidders of the same tender, a company that took no part, and the public: no file.
    for (const who of ['bidder1', 'bidder3', 'bidder4']) {
      const reply = await fetch(tok[who]);
      expect(reply.status, who).toBe(404);
      expect(JSON.stringify(reply.body)).not.toContain('evidence');
    }
    const anonymous = await fetch();
    expect([401, 404]).toContain(anonymous.status);
    expect(JSON.stringify(anonymous.body)).not.toContain('evidence');
    // Nor does the list give another company the objection or its files.
    const other = await t.call(
      objectionApi.listObjection,
      { announcementId: candidatesId, pageNum: 1, pageSize: 10 },
      tok.bidder1,
    );
    expect(other.body.data.list).toEqual([]);

    const blocked = await comparison(tenderId);
    expect(blocked.awardBlockedReason).toBe('该招标有 1 条异议尚未答复，答复全部异议后才能定标');
    expect(blocked.awardableFrom).toBeNull();
  });

  it('the answer leads the objector back to its objection', async () => {
    const answered = await t.call(
      objectionApi.answerObjection,
      { id: objectionId, answer: '经核实，业绩真实有效' },
      tok.manager,
    );
    expect(answered.status).toBe(200);
    expect(await linksOf('bidder2', 'objection_answered')).toEqual([
      notificationLinks.objection(candidatesId, objectionId),
    ]);
    // Answered: only the publicity holds the award back now.
    expect((await comparison(tenderId)).awardableFrom).toBe('2026-12-23T05:00:00.000Z');
  });

  it('the award leads the winner to its 中标通知书 and the others to their row', async () => {
    clock.advance(3 * 86400 + 3600);
    const ready = await comparison(tenderId);
    expect(ready).toMatchObject({ awardBlockedReason: null, awardableFrom: null });
    const awarded = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: bidIds.bidder1!, reason: '综合评分第一' },
      tok.manager,
    );
    expect(awarded.status).toBe(200);
    const resultId = awarded.body.data.announcementId;
    const winnerLink = notificationLinks.awardNotice(resultId, tenderId);
    expect(await linksOf('bidder1', 'award_result')).toEqual([winnerLink]);
    expect(await linksOf('bidder2', 'award_result')).toEqual([
      notificationLinks.biddingRow(tenderId),
    ]);
    // The link names a notice the winner may read at once, while the announcement is a draft.
    const params = new URL(winnerLink, 'http://x').searchParams;
    expect(params.get('id')).toBe(String(resultId));
    expect(params.get('notice')).toBe('1');
    const notice = await t.call(
      announcementApi.getAwardNoticeData,
      { tenderId: Number(params.get('tenderId')) },
      tok.bidder1,
    );
    expect(notice.body.data).toMatchObject({ winnerSupplierId: sup.bidder1 });
    expect(
      (await t.call(announcementApi.getAnnouncementById, { id: resultId }, tok.bidder1)).status,
    ).toBe(404);

    await t.call(announcementApi.publishAnnouncement, { id: resultId }, tok.manager);
    expect(await linksOf('bidder2', 'award_result')).toContain(
      notificationLinks.announcement(resultId),
    );
    expect(
      (await t.call(announcementApi.getAnnouncementById, { id: resultId }, tok.bidder1)).status,
    ).toBe(200);
    // Awarded: nothing holds 定标 back any more (the tab shows the award instead).
    expect((await comparison(tenderId)).awardBlockedReason).toBeNull();
  });
});

describe('the other notices', () => {
  it('the review leads to the company profile, an amendment to the tender page, the deadline to the row', async () => {
    const bidder4 = await supplierIdOf(t, 'bidder4');
    await t.call(
      supplierApi.auditSupplier,
      { id: bidder4, action: 'approve', reason: '资料齐全' },
      tok.manager,
    );
    expect(await linksOf('bidder4', 'supplier_approved')).toEqual([
      notificationLinks.companyProfile(),
    ]);

    const tenderId = await createTender(t, clock.now(), {
      bidDeadline: new Date(clock.now().getTime() + 20 * 3600_000),
      openingAt: new Date(clock.now().getTime() + 20 * 3600_000),
    });
    await signUp(t, tenderId, [sup.bidder1!]);
    const amended = await t.call(
      tenderApi.amendTtender,
      { id: tenderId, reason: '更正标题', title: '储能电站 PCS 采购（更正）' },
      tok.manager,
    );
    expect(amended.status).toBe(200);
    expect(await linksOf('bidder1', 'tender_amended')).toEqual([
      notificationLinks.tenderPage(tenderId),
    ]);

    await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 10 }, tok.bidder1);
    expect(await linksOf('bidder1', 'deadline_soon')).toEqual([
      notificationLinks.biddingRow(tenderId),
    ]);
  });

  it('an objection to the opening record leads the managers to 开标记录, and the answer the company to its row', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 1 });
    await signUp(t, tenderId, [sup.bidder2!]);
    expect((await t.call(bidApi.submitBid, quote(tenderId, 500000), tok.bidder2)).status).toBe(200);
    clock.advance(3601);
    expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
    const objected = await t.call(
      bidApi.confirmOpeningRecord,
      { tenderId, agree: false, objection: '我方交货期应为 30 天' },
      tok.bidder2,
    );
    expect(objected.status).toBe(200);
    expect(await linksOf('manager', 'objection_filed')).toContain(
      notificationLinks.openingRecord(tenderId),
    );
    const answered = await t.call(
      bidApi.answerOpeningObjection,
      { tenderId, supplierId: sup.bidder2!, answer: '已核对，与投标文件一致' },
      tok.manager,
    );
    expect(answered.status).toBe(200);
    expect(await linksOf('bidder2', 'objection_answered')).toContain(
      notificationLinks.biddingRow(tenderId),
    );
  });
});
