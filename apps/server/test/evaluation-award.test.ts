import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementApi, bidApi, tenderApi } from '@tender/contracts';
import { candidateDeclines, tenders } from '../src/db/schema/index.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { createTender, pdfWith, uploadFile } from './support/bids.js';
import {
  COMPREHENSIVE,
  openedCommitteeTender,
  seatCommittee,
  type OpenedTender,
} from './support/evaluation.js';
import { finalReport } from './support/evaluation-award.js';

/** Candidates and award follow the final 评标报告 (EVALUATION.md §2; R 54, R 55). */
let t: TestApp;
const clock = new TestClock(new Date('2026-10-05T02:00:00.000Z'));
const now = () => clock.now();
const DAY_MS = 24 * 3600_000;
const AWARD_RULE =
  '定标须确定排名第一的中标候选人（实施条例第五十五条）；排名在前的候选人未放弃或被取消前不能定标给其他候选人';

beforeAll(async () => {
  t = await startTestApp({ clock, demoTenders: false });
});
afterAll(() => t.close());

const ONE_LOT = [{ name: '储能变流器', budget: '1000000.00', minBids: 3 }];

interface Scenario extends OpenedTender {
  /** The bid of the i-th bidder on the lot (the first lot unless told). */
  bid: (bidder: number, lot?: number) => number;
}

async function committeeTender(
  prices: (number | null)[][] = [[900_000, 950_000, 980_000, 990_000]],
  lots = ONE_LOT,
  evaluation = COMPREHENSIVE,
): Promise<Scenario> {
  const opened = await openedCommitteeTender(t, clock, lots, prices, evaluation);
  if (evaluation.committee) await seatCommittee(t, opened.tenderId, now());
  return { ...opened, bid: (bidder, lot = 0) => opened.bidIds[lot]![bidder]! };
}

/** The lot's report, final now, recommending these bidders in this order. */
const report = (s: Scenario, order: number[], lot = 0) =>
  finalReport(t, {
    tenderId: s.tenderId,
    lotId: s.lotIds[lot]!,
    candidates: order.map((b) => ({
      bidId: s.bid(b, lot),
      supplierId: s.bidders[b]!.supplierId,
      supplierName: `评标公司 ${b}`,
    })),
    finalAt: now(),
  });

const candidates = (s: Scenario, order: number[], lot = 0) =>
  order.map((b, i) => ({ bidId: s.bid(b, lot), rank: i + 1, reason: `评标排名第 ${i + 1}` }));

const publishCandidates = (s: Scenario, order: number[], lot = 0) =>
  t.call(
    announcementApi.publishCandidates,
    { id: s.tenderId, lotId: s.lotIds[lot], candidates: candidates(s, order, lot) },
    s.managerToken,
  );

/** Candidates published and their three-day publicity over. */
async function publicised(s: Scenario, order: number[], lot = 0) {
  const created = await publishCandidates(s, order, lot);
  expect(created.body.errorMsg ?? null).toBeNull();
  const id = created.body.data.announcementId;
  const published = await t.call(announcementApi.publishAnnouncement, { id }, s.managerToken);
  expect(published.body.errorMsg ?? null).toBeNull();
  return id as number;
}
const afterPublicity = () => clock.advance(3 * 24 * 3600 + 60);

const award = (s: Scenario, bidder: number, lot = 0) =>
  t.call(
    bidApi.awardTtender,
    { id: s.tenderId, lotId: s.lotIds[lot], bidId: s.bid(bidder, lot), reason: '按评标报告排名' },
    s.managerToken,
  );

const decline = (s: Scenario, bidId: number, extra: Record<string, unknown> = {}, lot = 0) =>
  t.call(
    announcementApi.declineCandidate,
    {
      tenderId: s.tenderId,
      lotId: s.lotIds[lot],
      bidId,
      ground: 'gave_up',
      reason: '中标候选人书面声明放弃中标',
      ...extra,
    },
    s.managerToken,
  );

const detail = async (s: Scenario, token = s.managerToken) =>
  (await t.call(tenderApi.getTtenderById, { id: s.tenderId }, token)).body.data;

const declineCount = async (s: Scenario) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(candidateDeclines)
      .where(eq(candidateDeclines.tenderId, s.tenderId))
  )[0]!.n;

const expect409 = (reply: { status: number; body: { errorMsg?: string } }, message: RegExp) => {
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(409);
  expect(reply.body.errorMsg).toMatch(message);
};

describe('candidates follow the final report', () => {
  it('waits for the final report, then takes exactly its candidates in its order (R 54)', async () => {
    const s = await committeeTender();
    expect409(await publishCandidates(s, [1, 0, 2]), /评标报告尚未生效/);
    // 比价 warns of the same gate before 定标 is tried.
    const comparison = () =>
      t.call(bidApi.listBidsByTender, { tenderId: s.tenderId }, s.managerToken);
    expect((await comparison()).body.data.awardBlockedReason).toMatch(/评标报告尚未生效/);
    expect409(await award(s, 1), /评标报告尚未生效/);
    await report(s, [1, 0, 2]);
    expect((await comparison()).body.data.awardBlockedReason).toMatch(/须先发布中标候选人公示/);
    for (const order of [
      [0, 1, 2], // another order
      [1, 0], // fewer
      [1, 0, 3], // a bid the report did not recommend
    ])
      expect409(
        await publishCandidates(s, order),
        /中标候选人及其排名须与评标报告推荐的一致（实施条例第五十四条），应为：1\. 评标公司 1/,
      );
    const finalAt = now();
    const created = await publishCandidates(s, [1, 0, 2]);
    expect(created.status).toBe(200);

    const [lotView] = (await detail(s)).reportCandidates;
    expect(lotView).toMatchObject({
      lotId: s.lotIds[0],
      reportFinalAt: finalAt.toISOString(),
      candidatesDueAt: new Date(finalAt.getTime() + 3 * DAY_MS).toISOString(),
      candidatesPublishedAt: null,
      candidatesOverdue: false,
      nextBidId: s.bid(1),
    });
    expect(lotView.candidates.map((c: { bidId: number }) => c.bidId)).toEqual(
      [1, 0, 2].map((b) => s.bid(b)),
    );
    clock.advance(3600);
    await t.call(
      announcementApi.publishAnnouncement,
      { id: created.body.data.announcementId },
      s.managerToken,
    );
    expect((await detail(s)).reportCandidates[0]).toMatchObject({
      candidatesPublishedAt: now().toISOString(),
      candidatesOverdue: false,
    });
  });

  it('lets a late publicity through and shows the lot overdue, since refusing would leave no lawful award', async () => {
    const s = await committeeTender();
    await report(s, [0, 1, 2]);
    clock.advance(3 * 24 * 3600 + 60);
    expect((await detail(s)).reportCandidates[0]).toMatchObject({
      candidatesPublishedAt: null,
      candidatesOverdue: true,
    });
    await publicised(s, [0, 1, 2]);
    expect((await detail(s)).reportCandidates[0]).toMatchObject({
      candidatesPublishedAt: expect.any(String),
      candidatesOverdue: true,
    });
  });
});

describe('the award follows the ranking (R 55)', () => {
  it('refuses the second candidate and a non-candidate; a declined first candidate moves it to the second', async () => {
    const s = await committeeTender();
    await report(s, [1, 0, 2]);
    await publicised(s, [1, 0, 2]);
    afterPublicity();

    const second = await award(s, 0);
    expect409(second, new RegExp(AWARD_RULE.replace(/[（）]/g, '.')));
    expect(second.body.errorMsg).toMatch(/当前应定标给排名第 1 的评标公司 1/);
    expect409(await award(s, 3), /不是评标报告推荐的中标候选人/);

    // The first candidate gives up, with the manager's upload as evidence.
    const upload = await uploadFile(t, s.managerToken, '放弃声明.pdf', pdfWith('gave-up'));
    const fileId = upload.body.data.id as number;
    const declined = await decline(s, s.bid(1), { fileIds: [fileId] });
    expect(declined.body.errorMsg ?? null).toBeNull();
    expect(declined.body.data).toMatchObject({
      bidId: s.bid(1),
      ground: 'gave_up',
      declinedAt: now().toISOString(),
      nextBidId: s.bid(0),
    });
    expect409(await decline(s, s.bid(1)), /不能重复取消/);
    const lotView = (await detail(s)).reportCandidates[0];
    expect(lotView.nextBidId).toBe(s.bid(0));
    expect(lotView.candidates[0].declined).toMatchObject({ ground: 'gave_up' });

    expect409(await award(s, 1), new RegExp(AWARD_RULE.replace(/[（）]/g, '.')));
    expect409(await award(s, 2), /当前应定标给排名第 2 的评标公司 0/);
    const awarded = await award(s, 0);
    expect(awarded.body.errorMsg ?? null).toBeNull();
    expect409(await decline(s, s.bid(2)), /已定标，不能再取消中标候选人/);

    // The result announcement names the committee, chair first; bidders read it only once published.
    const id = awarded.body.data.announcementId;
    const draft = await t.call(announcementApi.getAnnouncementById, { id }, s.managerToken);
    expect(draft.body.data.content).toContain(
      '<p>评标委员会成员：专家1（组长）、专家2、专家3、专家4、专家5</p>',
    );
    const bidder = s.bidders[0]!.token;
    expect((await t.call(announcementApi.getAnnouncementById, { id }, bidder)).status).toBe(404);
    expect(JSON.stringify(await detail(s, bidder))).not.toMatch(/专家/);
    await t.call(announcementApi.publishAnnouncement, { id }, s.managerToken);
    const seen = await t.call(announcementApi.getPublicAnnouncementById, { id });
    expect(seen.body.data.content).toContain('专家1（组长）');
  });

  it('refuses each wrong decline naming the rule, and saves nothing', async () => {
    const s = await committeeTender();
    expect409(await decline(s, s.bid(0)), /评标报告尚未生效/);
    await report(s, [0, 1, 2]);
    const notCandidate = await decline(s, s.bid(3));
    expect(notCandidate.status).toBe(400);
    expect(notCandidate.body.data.fields).toContainEqual(
      expect.objectContaining({ field: 'bidId' }),
    );
    expect409(
      await decline(s, s.bid(0), { ground: 'lot_cap' }),
      /尚未达到兼投不兼中的中标标段上限/,
    );
    // Evidence must be the caller's own upload.
    const foreign = await uploadFile(t, s.bidders[0]!.token, '他人文件.pdf', pdfWith('foreign'));
    const withForeign = await decline(s, s.bid(0), { fileIds: [foreign.body.data.id] });
    expect(withForeign.status).toBe(404);
    expect((await decline(s, s.bid(0), { ground: 'retired' })).status).toBe(400);
    expect((await decline(s, s.bid(0), { reason: '' })).status).toBe(400);
    expect(await declineCount(s)).toBe(0);

    // A tender the manager awards itself has no candidates to decline.
    const own = await createTender(t, now());
    const reply = await t.call(
      announcementApi.declineCandidate,
      { tenderId: own, bidId: s.bid(0), ground: 'gave_up', reason: '放弃' },
      s.managerToken,
    );
    expect409(reply, /不由评标委员会评标/);
  });

  it('declining the last candidate fails the lot, which starts again by re-tendering', async () => {
    const s = await committeeTender();
    await report(s, [2]);
    const reply = await decline(s, s.bid(2), { ground: 'violation', reason: '查实弄虚作假' });
    expect(reply.body.errorMsg ?? null).toBeNull();
    expect(reply.body.data.nextBidId).toBeNull();
    const view = await detail(s);
    expect(view.status).toBe('failed');
    expect(view.lots[0].status).toBe('failed');
    expect409(await award(s, 2), /流标/);
    const again = await t.call(tenderApi.retenderTtender, { id: s.tenderId }, s.managerToken);
    expect(again.body.errorMsg ?? null).toBeNull();
  });

  it('兼投不兼中: a first candidate at its cap is declined with lot_cap and the next is awarded', async () => {
    const lots = [
      { name: '储能变流器', budget: '1000000.00', minBids: 3 },
      { name: '电池舱', budget: '1000000.00', minBids: 3 },
    ];
    const s = await committeeTender(
      [
        [900_000, 950_000, 980_000],
        [800_000, 850_000, 880_000],
      ],
      lots,
    );
    await t.database.db
      .update(tenders)
      .set({ maxLotsPerWinner: 1 })
      .where(eq(tenders.id, s.tenderId));
    for (const lot of [0, 1]) {
      await report(s, [0, 1, 2], lot);
      await publicised(s, [0, 1, 2], lot);
    }
    afterPublicity();
    expect((await award(s, 0, 0)).body.errorMsg ?? null).toBeNull();
    expect409(await award(s, 0, 1), /兼投不兼中.*lot_cap/);
    const declined = await decline(
      s,
      s.bid(0, 1),
      { ground: 'lot_cap', reason: '已中标标段 1' },
      1,
    );
    expect(declined.body.data).toMatchObject({ ground: 'lot_cap', nextBidId: s.bid(1, 1) });
    expect((await award(s, 1, 1)).body.errorMsg ?? null).toBeNull();
    expect((await detail(s)).status).toBe('awarded');
  });

  it('a tender without a committee awards as before: no report, any opened bid', async () => {
    const s = await committeeTender(undefined, ONE_LOT, { ...COMPREHENSIVE, committee: false });
    await publicised(s, [2, 0]);
    afterPublicity();
    const awarded = await award(s, 2);
    expect(awarded.body.errorMsg ?? null).toBeNull();
    const draft = await t.call(
      announcementApi.getAnnouncementById,
      { id: awarded.body.data.announcementId },
      s.managerToken,
    );
    expect(draft.body.data.content).not.toContain('评标委员会');
    expect((await detail(s)).reportCandidates).toEqual([]);
  });
});
