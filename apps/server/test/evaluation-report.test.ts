import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { committeeApi, reportApi, tenderApi, type evaluationApi } from '@tender/contracts';
import {
  announcements,
  bids,
  evaluationReports,
  evaluationSheets,
  lots,
  tenders,
} from '../src/db/schema/index.js';
import { canonicalJson } from '../src/lib/audit-chain.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import {
  COMPREHENSIVE,
  createExperts,
  LOWEST_PRICE,
  openedCommitteeTender,
  seatCommittee,
  type SeatedMember,
} from './support/evaluation.js';
import { scoresOf, writeClarification, writeSheet } from './support/evaluation-sheets.js';
import { auditRowsOf } from './support/audit.js';

/**
 * 评标报告 (EVALUATION.md §2, "The result and the report"): the chair's finish with figures
 * worked by hand, rejection by majority, too few valid bids, signatures, and a manager's return
 * that re-opens the sheets and versions the report.
 */
let t: TestApp;
let managerToken: string;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
  managerToken = await t.login('manager');
});
afterAll(() => t.close());

interface Lot {
  tenderId: number;
  lotIds: number[];
  bidIds: (number | undefined)[][];
  bidders: { supplierId: number; token: string }[];
  members: SeatedMember[];
  chair: SeatedMember;
}

/** An opened committee tender (a lot per row of prices, minimum 3 valid) with a seated committee. */
async function committeeTender(
  prices: (number | null)[][],
  evaluation: evaluationApi.EvaluationView = COMPREHENSIVE,
  size = 5,
): Promise<Lot> {
  const opened = await openedCommitteeTender(
    t,
    clock,
    prices.map((_, i) => ({ name: `储能设备${i + 1}`, budget: '2000000.00', minBids: 3 })),
    prices,
    evaluation,
  );
  const { members } = await seatCommittee(t, opened.tenderId, clock.now(), { size });
  return { ...opened, members, chair: members[0]! };
}

const bidsOf = (lot: Lot, index = 0) => lot.bidIds[index]!.filter((id) => id !== undefined);

/** Every member passes every bid of the lot (lowest_price: nothing to score). */
async function passAll(lot: Lot, index = 0) {
  for (const member of lot.members)
    await writeSheet(t, {
      tenderId: lot.tenderId,
      lotId: lot.lotIds[index]!,
      memberId: member.memberId,
      review: bidsOf(lot, index).map((bidId) => ({ bidId, pass: true })),
    });
}

const finish = (lot: Lot, body: Record<string, unknown> = {}, token = lot.chair.token) =>
  t.call(
    reportApi.finishEvaluation,
    { tenderId: lot.tenderId, lotId: lot.lotIds[0], ...body },
    token,
  );
const getReport = (lot: Lot, token: string, extra: Record<string, unknown> = {}) =>
  t.call(reportApi.getReport, { tenderId: lot.tenderId, lotId: lot.lotIds[0], ...extra }, token);
const sign = (lot: Lot, member: SeatedMember, body: Record<string, unknown> = { agree: true }) =>
  t.call(
    reportApi.signReport,
    { tenderId: lot.tenderId, lotId: lot.lotIds[0], ...body },
    member.token,
  );
const returnReport = (lot: Lot, reason: string) =>
  t.call(
    reportApi.returnReport,
    { tenderId: lot.tenderId, lotId: lot.lotIds[0], reason },
    managerToken,
  );
const lotStatuses = async (lot: Lot) => {
  const reply = await t.call(tenderApi.getTtenderById, { id: lot.tenderId }, managerToken);
  return (reply.body.data.lots as { status: string }[]).map((l) => l.status);
};
const fieldOf = (reply: { body: { data?: any } }) => reply.body.data?.fields?.[0]?.field;
const ranked = (report: reportApi.EvaluationReport) =>
  report.ranking.map(({ rank, bidId, price, scores, priceScore, total }) => ({
    rank,
    bidId,
    price,
    scores,
    priceScore,
    total,
  }));

/** A row as `ranked` lists it; `criterionScores` are criterion 1's, 2's, … in order. */
const rankedRow = (
  rank: number,
  bidId: number,
  price: number,
  criterionScores: number[],
  priceScore: number,
  total: number,
) => ({
  rank,
  bidId,
  price,
  scores: criterionScores.map((score, i) => ({ criterionId: i + 1, score })),
  priceScore,
  total,
});

describe('finish-evaluation: the figures', () => {
  it('a 3-bid comprehensive lot with lowest_benchmark: means of the members, price scores, totals, ranking, candidates, the outlier and the digest', async () => {
    const lot = await committeeTender([[900_000, 950_000, 1_000_000]], {
      ...COMPREHENSIVE,
      candidates: 2,
    });
    const [a, b, c] = bidsOf(lot) as [number, number, number];
    // [technical /50, commercial /20] per member for A, B, C; member 5 gives C's technical 30.
    const given = [
      [
        [40, 15],
        [45, 18],
        [47, 19],
      ],
      [
        [42, 16],
        [44, 17],
        [46, 18],
      ],
      [
        [41, 14],
        [46, 18],
        [48, 19],
      ],
      [
        [43, 15],
        [45, 19],
        [47, 18],
      ],
      [
        [40, 16],
        [44, 17],
        [30, 19],
      ],
    ];
    for (const [m, member] of lot.members.entries())
      await writeSheet(t, {
        tenderId: lot.tenderId,
        lotId: lot.lotIds[0]!,
        memberId: member.memberId,
        review: [a, b, c].map((bidId) => ({ bidId, pass: true })),
        scores: [a, b, c].flatMap((bidId, i) =>
          scoresOf(bidId, given[m]![i]![0]!, given[m]![i]![1]!),
        ),
      });
    expect(await lotStatuses(lot)).toEqual(['evaluating']);

    const reply = await finish(lot);
    expect(reply.status).toBe(200);
    const report = reply.body.data as reportApi.EvaluationReport;
    expect(report).toMatchObject({
      version: 1,
      status: 'signing',
      outcome: 'ranked',
      openedValid: 3,
      validCount: 3,
      insufficient: null,
      rejections: [],
      signatures: [],
      history: [],
      finalAt: null,
    });
    // A: 41.2 + 15.2 + 30 (B = 900000, the lowest) = 86.4
    // B: 44.8 + 17.8 + 30 × 900000 / 950000 (28.42) = 91.02
    // C: (47+46+48+47+30)/5 = 43.6, + 18.6 + 30 × 0.9 (27) = 89.2
    // rank, bid, price, [technical, commercial], price score, total
    expect(ranked(report)).toEqual([
      rankedRow(1, b, 950_000, [44.8, 17.8], 28.42, 91.02),
      rankedRow(2, c, 1_000_000, [43.6, 18.6], 27, 89.2),
      rankedRow(3, a, 900_000, [41.2, 15.2], 30, 86.4),
    ]);
    expect(report.candidates.map((x) => x.bidId)).toEqual([b, c]);
    // 30 is 17 from the others' 47, more than 30 % of 50.
    expect(report.outliers).toEqual([
      { memberId: lot.members[4]!.memberId, bidId: c, criterionId: 1, score: 30, othersMean: 47 },
    ]);
    expect(report.members.map((m) => m.chair)).toEqual([true, false, false, false, false]);
    expect(report.unsigned.map((u) => u.memberId)).toEqual(lot.members.map((m) => m.memberId));
    expect(report.sheets).toHaveLength(5);

    const [row] = await t.database.db
      .select()
      .from(evaluationReports)
      .where(eq(evaluationReports.id, report.reportId));
    const recomputed = createHash('sha256').update(canonicalJson(row!.content)).digest('hex');
    expect(report.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(recomputed).toBe(report.digest);
    const audits = await auditRowsOf(t, 'evaluation_report', report.reportId);
    expect(audits.map((row) => (row.after as { digest: string }).digest)).toContain(report.digest);
    expect(await lotStatuses(lot)).toEqual(['evaluating']);
  });

  it('a 5-bid lot with average_benchmark leaves the highest and the lowest price out of the mean', async () => {
    const lot = await committeeTender(
      [[800_000, 900_000, 1_000_000, 1_100_000, 1_300_000]],
      { ...COMPREHENSIVE, priceFormula: 'average_benchmark' },
      3,
    );
    const ids = bidsOf(lot);
    const given = [
      [30, 10],
      [40, 15],
      [44, 16],
      [46, 18],
      [50, 20],
    ];
    for (const member of lot.members)
      await writeSheet(t, {
        tenderId: lot.tenderId,
        lotId: lot.lotIds[0]!,
        memberId: member.memberId,
        review: ids.map((bidId) => ({ bidId, pass: true })),
        scores: ids.flatMap((bidId, i) => scoresOf(bidId, given[i]![0]!, given[i]![1]!)),
      });
    const reply = await finish(lot);
    expect(reply.status).toBe(200);
    // B = 0.95 × mean(900000, 1000000, 1100000) = 950000; below × 0.8, above × 1.2 per unit of d.
    // 800000: 30 × (1 − 0.8 × 150000/950000) = 26.21   → 66.21
    // 900000: 30 × (1 − 0.8 × 50000/950000) = 28.74    → 83.74
    // 1000000: 30 × (1 − 1.2 × 50000/950000) = 28.11   → 88.11
    // 1100000: 30 × (1 − 1.2 × 150000/950000) = 24.32  → 88.32
    // 1300000: 30 × (1 − 1.2 × 350000/950000) = 16.74  → 86.74
    const report = reply.body.data as reportApi.EvaluationReport;
    expect(report.ranking.map((r) => [r.bidId, r.priceScore, r.total])).toEqual([
      [ids[3], 24.32, 88.32],
      [ids[2], 28.11, 88.11],
      [ids[4], 16.74, 86.74],
      [ids[1], 28.74, 83.74],
      [ids[0], 26.21, 66.21],
    ]);
    expect(report.candidates.map((c) => c.bidId)).toEqual([ids[3], ids[2], ids[4]]);
  });

  it('lowest_price ranks the valid bids by price, a tie going to the earlier submission', async () => {
    const lot = await committeeTender([[900_000, 850_000, 850_000, 870_000]], LOWEST_PRICE);
    await passAll(lot);
    const reply = await finish(lot);
    expect(reply.status).toBe(200);
    const [first, second, third, fourth] = bidsOf(lot);
    const report = reply.body.data as reportApi.EvaluationReport;
    expect(report.ranking.map((r) => [r.rank, r.bidId, r.total, r.priceScore])).toEqual([
      [1, second, null, null],
      [2, third, null, null],
      [3, fourth, null, null],
      [4, first, null, null],
    ]);
    expect(report.candidates.map((c) => c.bidId)).toEqual([second, third, fourth]);
  });
});

describe('rejection by majority', () => {
  it('a bid three of five members reject is rejected with their grounds; one two reject stays valid', async () => {
    const lot = await committeeTender([[900_000, 910_000, 920_000, 930_000]], LOWEST_PRICE);
    const [x, y, ...rest] = bidsOf(lot) as number[];
    const grounds = ['no_seal', 'no_seal', 'unqualified', null, null];
    for (const [m, member] of lot.members.entries())
      await writeSheet(t, {
        tenderId: lot.tenderId,
        lotId: lot.lotIds[0]!,
        memberId: member.memberId,
        review: [
          { bidId: x!, pass: grounds[m] === null, ground: grounds[m], note: `意见${m + 1}` },
          // Members 4 and 5 reject y: two of five is no majority.
          { bidId: y!, pass: m < 3, ground: 'non_responsive' },
          ...rest.map((bidId) => ({ bidId, pass: true })),
        ],
      });
    const reply = await finish(lot);
    expect(reply.status).toBe(200);
    const report = reply.body.data as reportApi.EvaluationReport;
    expect(report.rejections).toEqual([
      {
        bidId: x,
        supplierId: lot.bidders[0]!.supplierId,
        supplierName: expect.any(String),
        votes: 3,
        of: 5,
        grounds: [
          { memberId: lot.members[0]!.memberId, ground: 'no_seal', note: '意见1' },
          { memberId: lot.members[1]!.memberId, ground: 'no_seal', note: '意见2' },
          { memberId: lot.members[2]!.memberId, ground: 'unqualified', note: '意见3' },
        ],
      },
    ]);
    expect(report.validCount).toBe(3);
    expect(report.ranking.map((r) => r.bidId)).toEqual([y, ...rest]);
    const rows = await t.database.db.select().from(bids).where(eq(bids.lotId, lot.lotIds[0]!));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(x!)).toMatchObject({
      status: 'rejected',
      rejectGrounds: ['no_seal', 'unqualified'],
    });
    expect(byId.get(y!)).toMatchObject({ status: 'opened', rejectGrounds: null });
  });
});

describe('too few valid bids', () => {
  /** Three bids per lot, the first rejected by every member: 2 valid of a minimum of 3. */
  async function shortLots(lotCount: number) {
    const lot = await committeeTender(
      Array.from({ length: lotCount }, () => [900_000, 950_000, 990_000]),
      LOWEST_PRICE,
    );
    for (const [index] of lot.lotIds.entries())
      for (const member of lot.members)
        await writeSheet(t, {
          tenderId: lot.tenderId,
          lotId: lot.lotIds[index]!,
          memberId: member.memberId,
          review: bidsOf(lot, index).map((bidId, i) => ({ bidId, pass: i > 0, ground: 'no_seal' })),
        });
    return lot;
  }

  it('needs the committee’s decision and its reason; fail fails the lot alone, continue ranks what is left', async () => {
    const lot = await shortLots(2);
    const noDecision = await finish(lot);
    expect(noDecision.status).toBe(400);
    expect(fieldOf(noDecision)).toBe('insufficient');
    const noReason = await finish(lot, { insufficient: 'fail' });
    expect(noReason.status).toBe(400);
    expect(fieldOf(noReason)).toBe('reason');
    // Nothing was half-saved by the refusals.
    const [stillOpened] = await t.database.db
      .select()
      .from(bids)
      .where(eq(bids.id, bidsOf(lot)[0]!));
    expect(stillOpened!.status).toBe('opened');

    const failed = await finish(lot, { insufficient: 'fail', reason: '有效投标不足，缺乏竞争' });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({
      outcome: 'failed',
      validCount: 2,
      ranking: [],
      candidates: [],
      insufficient: { decision: 'fail', reason: '有效投标不足，缺乏竞争' },
    });
    const [failedLot] = await t.database.db.select().from(lots).where(eq(lots.id, lot.lotIds[0]!));
    expect(failedLot!.status).toBe('failed');
    const [tender] = await t.database.db.select().from(tenders).where(eq(tenders.id, lot.tenderId));
    expect(tender!.status).toBe('opened');

    const going = await t.call(
      reportApi.finishEvaluation,
      {
        tenderId: lot.tenderId,
        lotId: lot.lotIds[1],
        insufficient: 'continue',
        reason: '两家报价仍具竞争性',
      },
      lot.chair.token,
    );
    expect(going.status).toBe(200);
    expect(going.body.data.outcome).toBe('ranked');
    expect(going.body.data.ranking.map((r: { bidId: number }) => r.bidId)).toEqual(
      bidsOf(lot, 1).slice(1),
    );
    expect(await lotStatuses(lot)).toEqual(['failed', 'evaluating']);
  });

  it('a lot with enough valid bids refuses a decision (400 naming insufficient)', async () => {
    const lot = await committeeTender([[900_000, 950_000, 990_000]], LOWEST_PRICE);
    await passAll(lot);
    const reply = await finish(lot, { insufficient: 'continue', reason: '无' });
    expect(reply.status).toBe(400);
    expect(fieldOf(reply)).toBe('insufficient');
  });

  it('a one-lot tender fails with its lot, and a return revives both', async () => {
    const lot = await shortLots(1);
    expect((await finish(lot, { insufficient: 'fail', reason: '不足三家' })).status).toBe(200);
    const tenderStatus = async () =>
      (await t.database.db.select().from(tenders).where(eq(tenders.id, lot.tenderId)))[0]!.status;
    expect(await tenderStatus()).toBe('failed');
    for (const member of lot.members) expect((await sign(lot, member)).status).toBe(200);
    expect((await returnReport(lot, '随意否决投标')).status).toBe(200);
    expect(await tenderStatus()).toBe('opened');
    const [revived] = await t.database.db.select().from(lots).where(eq(lots.id, lot.lotIds[0]!));
    expect(revived!.status).toBe('active');
    const rows = await t.database.db.select().from(bids).where(eq(bids.lotId, lot.lotIds[0]!));
    expect(rows.map((r) => r.status)).toEqual(['opened', 'opened', 'opened']);
  });
});

describe('finish-evaluation: who and when', () => {
  it('only the chair, once every active member submitted and no clarification is open, and only once', async () => {
    const lot = await committeeTender([[900_000, 950_000, 990_000]], LOWEST_PRICE);
    const lotId = lot.lotIds[0]!;
    const ids = bidsOf(lot);
    for (const [m, member] of lot.members.entries())
      if (m < 4)
        await writeSheet(t, {
          tenderId: lot.tenderId,
          lotId,
          memberId: member.memberId,
          review: ids.map((bidId) => ({ bidId, pass: true })),
          submitted: m < 3,
        });
    expect((await finish(lot, {}, managerToken)).status).toBe(404);
    const notChair = await finish(lot, {}, lot.members[1]!.token);
    expect(notChair.status).toBe(409);
    expect(notChair.body.errorMsg).toContain('组长');
    const missing = await finish(lot);
    expect(missing.status).toBe(409);
    expect(missing.body.errorMsg).toContain('专家4、专家5');

    await passAll(lot);
    const askedAt = clock.now();
    await writeClarification(t, {
      tenderId: lot.tenderId,
      lotId,
      bidId: ids[0]!,
      supplierId: lot.bidders[0]!.supplierId,
      memberId: lot.members[1]!.memberId,
      question: '请说明交货期',
      askedAt,
      answerBy: new Date(askedAt.getTime() + 3600_000),
      answer: '30 天内交货',
    });
    await writeClarification(t, {
      tenderId: lot.tenderId,
      lotId,
      bidId: ids[1]!,
      supplierId: lot.bidders[1]!.supplierId,
      memberId: lot.members[2]!.memberId,
      question: '请说明质保条款',
      askedAt,
      answerBy: new Date(askedAt.getTime() + 3600_000),
    });
    const open = await finish(lot);
    expect(open.status).toBe(409);
    expect(open.body.errorMsg).toContain('澄清');

    clock.advance(3601);
    const done = await finish(lot);
    expect(done.status).toBe(200);
    expect(
      (done.body.data as reportApi.EvaluationReport).clarifications.map((c) => [
        c.question,
        c.answer,
        c.status,
        c.askedBy,
      ]),
    ).toEqual([
      ['请说明交货期', '30 天内交货', 'answered', '专家2'],
      ['请说明质保条款', null, 'unanswered', '专家3'],
    ]);
    const again = await finish(lot);
    expect(again.status).toBe(409);
    expect(again.body.errorMsg).toContain('已完成评标');
  });
});

describe('get-report', () => {
  it('members and managers read it; another committee’s expert does not, a bidder has no access', async () => {
    const lot = await committeeTender([[900_000, 950_000, 990_000]], LOWEST_PRICE);
    const before = await getReport(lot, lot.members[2]!.token);
    expect(before.status).toBe(404);
    await passAll(lot);
    expect((await finish(lot)).status).toBe(200);
    expect((await getReport(lot, lot.members[2]!.token)).body.data.version).toBe(1);
    expect((await getReport(lot, managerToken)).body.data.status).toBe('signing');
    const [stranger] = await createExperts(t, [{ name: '局外专家' }]);
    expect((await getReport(lot, stranger!.token)).status).toBe(404);
    expect((await getReport(lot, lot.bidders[0]!.token)).status).toBe(403);
    expect((await getReport(lot, managerToken, { version: 2 })).status).toBe(404);
  });
});

describe('signatures', () => {
  it('every member signs once, a dissent with its reason; the last signature makes the report final', async () => {
    const lot = await committeeTender([[900_000, 950_000, 990_000]], LOWEST_PRICE);
    await passAll(lot);
    const early = await sign(lot, lot.chair);
    expect(early.status).toBe(409);
    expect(early.body.errorMsg).toContain('评标报告尚未生成');
    expect((await finish(lot)).status).toBe(200);

    const noReason = await sign(lot, lot.members[1]!, { agree: false });
    expect(noReason.status).toBe(400);
    expect(fieldOf(noReason)).toBe('dissent');
    const agreeWithReason = await sign(lot, lot.members[1]!, { agree: true, dissent: '无' });
    expect(agreeWithReason.status).toBe(400);
    expect(fieldOf(agreeWithReason)).toBe('dissent');

    for (const member of lot.members.slice(0, 4))
      expect((await sign(lot, member)).status).toBe(200);
    const twice = await sign(lot, lot.members[0]!);
    expect(twice.status).toBe(409);
    expect(twice.body.errorMsg).toContain('不能重复签字');
    const [stranger] = await createExperts(t, [{ name: '局外专家' }]);
    expect((await sign(lot, { ...lot.chair, token: stranger!.token })).status).toBe(404);
    expect(await lotStatuses(lot)).toEqual(['evaluating']);

    clock.advance(60);
    const last = await sign(lot, lot.members[4]!, { agree: false, dissent: '第一名的交货期存疑' });
    expect(last.status).toBe(200);
    const report = last.body.data as reportApi.EvaluationReport;
    expect(report.status).toBe('final');
    expect(report.finalAt).toBe(clock.now().toISOString());
    expect(report.unsigned).toEqual([]);
    expect(report.signatures).toHaveLength(5);
    expect(report.signatures[4]).toMatchObject({
      memberId: lot.members[4]!.memberId,
      name: '专家5',
      agree: false,
      dissent: '第一名的交货期存疑',
    });
    expect(await lotStatuses(lot)).toEqual(['evaluated']);
    const after = await sign(lot, lot.members[4]!);
    expect(after.status).toBe(409);
    expect(after.body.errorMsg).toContain('生效');
  });
});

describe('return-report', () => {
  it('a final report goes back once per reason: the sheets re-open, its rejections are undone, and a re-finish makes version 2 while version 1 is kept', async () => {
    const lot = await committeeTender([[900_000, 950_000, 990_000, 995_000]], LOWEST_PRICE);
    const lotId = lot.lotIds[0]!;
    const ids = bidsOf(lot);
    for (const member of lot.members)
      await writeSheet(t, {
        tenderId: lot.tenderId,
        lotId,
        memberId: member.memberId,
        review: ids.map((bidId, i) => ({ bidId, pass: i > 0, ground: 'non_responsive' })),
      });
    // The chair had re-opened member 2's sheet once before: that stays used.
    await t.database.db
      .update(evaluationSheets)
      .set({ reopenReason: '评分畸高' })
      .where(
        and(
          eq(evaluationSheets.lotId, lotId),
          eq(evaluationSheets.memberId, lot.members[1]!.memberId),
        ),
      );
    expect((await returnReport(lot, '计算错误')).status).toBe(409);
    const first = await finish(lot);
    expect(first.status).toBe(200);
    // The report stands on the sitting members: no replacement until it is returned.
    const replace = await t.call(
      committeeApi.replaceMember,
      { memberId: lot.members[4]!.memberId, reason: '突发疾病' },
      managerToken,
    );
    expect(replace.status).toBe(409);
    expect(replace.body.errorMsg).toContain('退回评标报告');
    const signing = await returnReport(lot, '计算错误');
    expect(signing.status).toBe(409);
    expect(signing.body.errorMsg).toContain('签字');
    for (const member of lot.members) await sign(lot, member);
    const bidder = await t.call(
      reportApi.returnReport,
      { tenderId: lot.tenderId, lotId, reason: '计算错误' },
      lot.bidders[0]!.token,
    );
    expect(bidder.status).toBe(403);

    clock.advance(60);
    const returned = await returnReport(lot, '  随意否决投标  ');
    expect(returned.status).toBe(200);
    expect(returned.body.data).toEqual({ version: 1, returnedAt: clock.now().toISOString() });
    const sheets = await t.database.db
      .select()
      .from(evaluationSheets)
      .where(eq(evaluationSheets.lotId, lotId));
    expect(sheets.map((s) => s.submittedAt)).toEqual([null, null, null, null, null]);
    expect(sheets.find((s) => s.memberId === lot.members[1]!.memberId)!.reopenReason).toBe(
      '评分畸高',
    );
    const [restored] = await t.database.db.select().from(bids).where(eq(bids.id, ids[0]!));
    expect(restored).toMatchObject({ status: 'opened', rejectGrounds: null });
    expect((await getReport(lot, managerToken)).body.data).toMatchObject({
      version: 1,
      status: 'returned',
      returnReason: '随意否决投标',
    });
    expect((await sign(lot, lot.chair)).status).toBe(409);
    expect(await lotStatuses(lot)).toEqual(['evaluating']);

    // The committee reconsiders: every bid passes this time.
    expect((await finish(lot)).status).toBe(409);
    await passAll(lot);
    const second = await finish(lot);
    expect(second.status).toBe(200);
    const v2 = second.body.data as reportApi.EvaluationReport;
    expect(v2.version).toBe(2);
    expect(v2.rejections).toEqual([]);
    expect(v2.ranking.map((r) => r.bidId)).toEqual(ids);
    expect(v2.history).toEqual([
      {
        version: 1,
        digest: first.body.data.digest,
        returnedAt: clock.now().toISOString(),
        returnReason: '随意否决投标',
      },
    ]);
    const v1 = await getReport(lot, lot.members[3]!.token, { version: 1 });
    expect(v1.body.data).toMatchObject({
      version: 1,
      status: 'returned',
      digest: first.body.data.digest,
    });
    expect(v1.body.data.rejections).toHaveLength(1);
    expect(v1.body.data.signatures).toHaveLength(5);

    for (const member of lot.members) await sign(lot, member);
    const sameReason = await returnReport(lot, '随意否决投标 ');
    expect(sameReason.status).toBe(409);
    expect(fieldOf(sameReason)).toBe('reason');

    await t.database.db.insert(announcements).values({
      tenderId: lot.tenderId,
      lotId,
      kind: 'candidates',
      title: '中标候选人公示',
      status: 'published',
      createdBy: 1,
      publishedAt: clock.now(),
    });
    const afterPublicity = await returnReport(lot, '评分畸高畸低');
    expect(afterPublicity.status).toBe(409);
    expect(afterPublicity.body.errorMsg).toContain('公示');
    expect((await getReport(lot, managerToken)).body.data.status).toBe('final');
  });
});
