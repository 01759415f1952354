import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE, bidApi, deskApi, fileApi } from '@tender/contracts';
import { committeeMembers, evaluationSheets, reportSignatures } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { closeSecondInstance, secondInstance } from './support/second-instance.js';
import { LOWEST_PRICE, seatCommittee } from './support/evaluation.js';
import {
  deskOf,
  fullSheet,
  sealedCommitteeTender,
  submitFull,
  writeReport,
} from './support/evaluation-desk.js';
import { auditRowsOf } from './support/audit.js';

/** 专家评标台 (EVALUATION.md §2, "Review and scoring"): who sits, what a sheet holds, submit, re-open. */
let t: TestApp;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** Two lots, the second failed at the opening (one bid of the three it needs). */
const TWO_LOTS_ONE_FAILED = {
  lots: [
    { name: '变压器', budget: '1000000.00', minBids: 3 },
    { name: '电缆', budget: '500000.00', minBids: 3 },
  ],
  prices: [
    [900_000, 950_000, 980_000],
    [400_000, null, null],
  ],
};
const fieldOf = (reply: { body: { data?: unknown } }) =>
  (reply.body.data as { fields?: { field: string }[] } | undefined)?.fields?.[0]?.field;

describe('get-sheet', () => {
  it('shows a pledged member the lot’s valid bids, the criteria and an empty sheet', async () => {
    const desk = await deskOf(t, clock);
    const reply = await t.call(
      deskApi.getSheet,
      { tenderId: desk.tenderId },
      desk.members[1]!.token,
    );
    expect(reply.status).toBe(200);
    const sheet = reply.body.data as deskApi.Sheet;
    expect(sheet.lotId).toBe(desk.lotId);
    expect(sheet.bids.map((b) => b.totalPrice)).toEqual([900_000, 950_000, 980_000]);
    expect(sheet.bids.map((b) => b.bidId)).toEqual(desk.bidIds[0]);
    expect(sheet.bids[0]).toMatchObject({
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 24,
      files: [],
    });
    expect(sheet.criteria.map((c) => c.criterionId)).toEqual([1, 2, 3]);
    expect(sheet).toMatchObject({
      chair: false,
      review: [],
      scores: [],
      savedAt: null,
      submittedAt: null,
      reopenReason: null,
      others: null,
      outliers: null,
      openClarifications: 0,
      report: null,
    });
    expect(sheet.progress).toHaveLength(5);
    expect(sheet.progress[0]).toMatchObject({ memberId: desk.chair.memberId, submitted: false });
  });

  it('answers 404 to anyone not sitting now: another committee’s member, a standby, a replaced member, a manager', async () => {
    const desk = await deskOf(t, clock);
    const other = await deskOf(t, clock);
    await t.database.db
      .update(committeeMembers)
      .set({ status: 'replaced', replacedReason: '生病' })
      .where(eq(committeeMembers.id, desk.members[4]!.memberId));
    for (const token of [
      other.members[0]!.token,
      desk.standbys[0]!.token,
      desk.members[4]!.token,
      desk.managerToken,
    ]) {
      const reply = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, token);
      expect(reply.status).toBe(404);
      expect(JSON.stringify(reply.body)).not.toContain('900000');
    }
    // A bidder holds no 评标任务 at all.
    const bidder = await t.call(
      deskApi.getSheet,
      { tenderId: desk.tenderId },
      desk.bidders[0]!.token,
    );
    expect(bidder.status).toBe(403);
  });

  it('shows no bid before the pledge (409, no price, no supplier)', async () => {
    const desk = await deskOf(t, clock, { pledged: false });
    const reply = await t.call(
      deskApi.getSheet,
      { tenderId: desk.tenderId },
      desk.members[0]!.token,
    );
    expect(reply.status).toBe(409);
    expect(reply.body.errorMsg).toContain('承诺书');
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('900000');
    expect(text).not.toContain('公司');
  });

  it('refuses a lot failed at the opening (409) and asks for lotId on a tender of several lots', async () => {
    const desk = await deskOf(t, clock, TWO_LOTS_ONE_FAILED);
    const token = desk.members[0]!.token;
    const missing = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, token);
    expect(missing.status).toBe(400);
    expect(fieldOf(missing)).toBe('lotId');
    const failed = await t.call(
      deskApi.getSheet,
      { tenderId: desk.tenderId, lotId: desk.lotIds[1] },
      token,
    );
    expect(failed.status).toBe(409);
    expect(failed.body.errorMsg).toContain('流标');
    const first = await t.call(
      deskApi.getSheet,
      { tenderId: desk.tenderId, lotId: desk.lotIds[0] },
      token,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.bids).toHaveLength(3);
  });
});

describe('save-sheet', () => {
  it('refuses every broken rule naming the field, and keeps the last good save whole', async () => {
    const desk = await deskOf(t, clock);
    const [a, b, c] = desk.bidIds[0] as number[];
    const other = await deskOf(t, clock);
    const token = desk.members[1]!.token;
    const good = fullSheet([a!, b!, c!]);
    expect(
      (await t.call(deskApi.saveSheet, { tenderId: desk.tenderId, ...good }, token)).status,
    ).toBe(200);

    const pass = (bidId: number) => ({ bidId, pass: true, ground: null, note: '' });
    const cases: [string, object][] = [
      ['review.0.bidId', { review: [pass(other.bidIds[0]![0]!)] }],
      ['review.1.bidId', { review: [pass(a!), pass(a!)] }],
      ['review.0.ground', { review: [{ bidId: a, pass: false, ground: null, note: '' }] }],
      ['review.0.ground', { review: [{ bidId: a, pass: true, ground: 'no_seal', note: '' }] }],
      ['scores.0.bidId', { scores: [{ bidId: other.bidIds[0]![0], criterionId: 1, score: 1 }] }],
      ['scores.0.criterionId', { scores: [{ bidId: a, criterionId: 99, score: 1 }] }],
      ['scores.0.criterionId', { scores: [{ bidId: a, criterionId: 3, score: 10 }] }],
      ['scores.0.score', { scores: [{ bidId: a, criterionId: 1, score: 50.5 }] }],
      ['scores.0.score', { scores: [{ bidId: a, criterionId: 2, score: -1 }] }],
      ['scores.0.score', { scores: [{ bidId: a, criterionId: 2, score: 10.25 }] }],
      [
        'scores.1.criterionId',
        {
          scores: [
            { bidId: a, criterionId: 1, score: 10 },
            { bidId: a, criterionId: 1, score: 11 },
          ],
        },
      ],
      [
        'scores.0.bidId',
        {
          review: [{ bidId: a, pass: false, ground: 'no_seal', note: '未盖章' }],
          scores: [{ bidId: a, criterionId: 1, score: 10 }],
        },
      ],
    ];
    for (const [field, body] of cases) {
      const reply = await t.call(
        deskApi.saveSheet,
        { tenderId: desk.tenderId, review: [], scores: [], ...body },
        token,
      );
      expect(reply.status, field).toBe(400);
      expect(fieldOf(reply), JSON.stringify(body)).toBe(field);
    }
    const after = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, token);
    expect(after.body.data.review).toEqual(good.review);
    expect(after.body.data.scores).toEqual(good.scores);
    expect(after.body.data.savedAt).not.toBeNull();
  });

  it('saves a reject with its ground and note, and replaces the whole sheet on the next save', async () => {
    const desk = await deskOf(t, clock);
    const [a, b] = desk.bidIds[0] as number[];
    const token = desk.members[2]!.token;
    const first = await t.call(
      deskApi.saveSheet,
      {
        tenderId: desk.tenderId,
        review: [{ bidId: a, pass: false, ground: 'non_responsive', note: '交货期不满足' }],
        scores: [{ bidId: b, criterionId: 1, score: 33.5 }],
      },
      token,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.review).toEqual([
      { bidId: a, pass: false, ground: 'non_responsive', note: '交货期不满足' },
    ]);
    const second = await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, review: [], scores: [{ bidId: a, criterionId: 2, score: 0 }] },
      token,
    );
    expect(second.body.data.review).toEqual([]);
    expect(second.body.data.scores).toEqual([{ bidId: a, criterionId: 2, score: 0 }]);
  });

  it('takes no scores under 经评审的最低投标价法, and no criteria are shown', async () => {
    const desk = await deskOf(t, clock, { evaluation: LOWEST_PRICE });
    const [a] = desk.bidIds[0] as number[];
    const token = desk.members[0]!.token;
    const sheet = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, token);
    expect(sheet.body.data.criteria).toEqual([]);
    const reply = await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, review: [], scores: [{ bidId: a, criterionId: 1, score: 1 }] },
      token,
    );
    expect(reply.status).toBe(400);
    expect(fieldOf(reply)).toBe('scores');
    // Reviews alone make a whole sheet there.
    const bids = desk.bidIds[0] as number[];
    const done = await submitFull(t, token, desk.tenderId, { ...fullSheet(bids), scores: [] });
    expect(done.submittedAt).not.toBeNull();
  });
});

describe('submit-sheet', () => {
  it('names what is missing (409), then locks the sheet: no second submit, no save', async () => {
    const desk = await deskOf(t, clock);
    const bids = desk.bidIds[0] as number[];
    const token = desk.members[1]!.token;
    const empty = await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, token);
    expect(empty.status).toBe(409);
    expect(empty.body.errorMsg).toMatch(/公司 0 尚未评审.*共缺 3 项/);

    const partial = fullSheet(bids);
    partial.scores = partial.scores.filter((s) => !(s.bidId === bids[2] && s.criterionId === 2));
    await t.call(deskApi.saveSheet, { tenderId: desk.tenderId, ...partial }, token);
    const one = await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, token);
    expect(one.status).toBe(409);
    expect(one.body.errorMsg).toContain('公司 2 的「商务条款」尚未评分');
    expect(one.body.errorMsg).not.toContain('共缺');

    // A rejected bid needs no score.
    const sheet = fullSheet(bids);
    sheet.review[2] = {
      bidId: bids[2]!,
      pass: false,
      ground: 'unqualified',
      note: '资质不符',
    } as never;
    sheet.scores = sheet.scores.filter((s) => s.bidId !== bids[2]);
    const done = await submitFull(t, token, desk.tenderId, sheet);
    expect(done.submittedAt).not.toBeNull();
    expect(done.progress.find((p) => p.memberId === desk.members[1]!.memberId)!.submitted).toBe(
      true,
    );

    const twice = await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, token);
    expect(twice.status).toBe(409);
    const save = await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, ...fullSheet(bids) },
      token,
    );
    expect(save.status).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(evaluationSheets)
      .where(eq(evaluationSheets.memberId, desk.members[1]!.memberId));
    expect(row!.review[2]).toMatchObject({ pass: false, ground: 'unqualified' });
    const audits = await auditRowsOf(t, 'evaluation_sheet', row!.id);
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the others’ submitted sheets only after one’s own submission, never drafts; outliers to the chair alone', async () => {
    const desk = await deskOf(t, clock);
    const bids = desk.bidIds[0] as number[];
    const [chair, m1, m2, m3] = desk.members;
    await submitFull(t, m1!.token, desk.tenderId, fullSheet(bids, 40, 15));
    // m2 keeps a draft only.
    await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, ...fullSheet(bids, 41, 16) },
      m2!.token,
    );
    const before = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, m3!.token);
    expect(before.body.data.others).toBeNull();
    expect(before.body.data.outliers).toBeNull();

    const m3Sheet = await submitFull(t, m3!.token, desk.tenderId, fullSheet(bids, 42, 14));
    expect(m3Sheet.others!.map((o) => o.memberId)).toEqual([m1!.memberId]);
    expect(m3Sheet.others![0]!.scores).toEqual(fullSheet(bids, 40, 15).scores);
    expect(m3Sheet.outliers).toBeNull();

    // The chair gives 10 on technical: more than 15 from the others' mean (41).
    const chairSheet = await submitFull(t, chair!.token, desk.tenderId, fullSheet(bids, 10, 15));
    expect(chairSheet.chair).toBe(true);
    expect(chairSheet.others!.map((o) => o.memberId).sort()).toEqual(
      [m1!.memberId, m3!.memberId].sort(),
    );
    // m3's 42 is 17 from the mean of 40 and 10 (25): flagged too; m1's 40 is 14 from 26: not.
    const flagged = (memberId: number) =>
      chairSheet.outliers!.filter((o) => o.memberId === memberId);
    expect(flagged(chair!.memberId)).toHaveLength(3);
    expect(flagged(m3!.memberId).map((o) => o.othersMean)).toEqual([25, 25, 25]);
    expect(flagged(m1!.memberId)).toEqual([]);
    expect(chairSheet.outliers!.every((o) => o.criterionId === 1)).toBe(true);
    expect(flagged(chair!.memberId)[0]).toEqual({
      memberId: chair!.memberId,
      bidId: bids[0],
      criterionId: 1,
      score: 10,
      othersMean: 41,
    });
    const m1View = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, m1!.token);
    expect(m1View.body.data.others).toHaveLength(2);
    expect(m1View.body.data.outliers).toBeNull();
    // m2's draft is nobody's to read.
    expect(m1View.body.data.others.map((o: { memberId: number }) => o.memberId)).not.toContain(
      m2!.memberId,
    );
    expect(
      m1View.body.data.progress.filter((p: { submitted: boolean }) => p.submitted),
    ).toHaveLength(3);
  });
});

describe('reopen-sheet', () => {
  it('the chair re-opens a submitted sheet once with a reason; the member resubmits', async () => {
    const desk = await deskOf(t, clock);
    const bids = desk.bidIds[0] as number[];
    const [chair, m1, m2] = desk.members;
    const body = {
      tenderId: desk.tenderId,
      memberId: m1!.memberId,
      reason: '技术分明显偏低，请复核',
    };
    const notSubmitted = await t.call(deskApi.reopenSheet, body, chair!.token);
    expect(notSubmitted.status).toBe(409);

    await submitFull(t, m1!.token, desk.tenderId, fullSheet(bids, 5, 15));
    await submitFull(t, m2!.token, desk.tenderId, fullSheet(bids));
    const notChair = await t.call(
      deskApi.reopenSheet,
      { ...body, memberId: m2!.memberId },
      m1!.token,
    );
    expect(notChair.status).toBe(409);
    expect(notChair.body.errorMsg).toContain('组长');
    const stranger = await t.call(
      deskApi.reopenSheet,
      { ...body, memberId: desk.standbys[0]!.memberId },
      chair!.token,
    );
    expect(stranger.status).toBe(404);

    const reopened = await t.call(deskApi.reopenSheet, body, chair!.token);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toEqual({
      memberId: m1!.memberId,
      reopenedAt: clock.now().toISOString(),
    });
    const view = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, m1!.token);
    expect(view.body.data).toMatchObject({
      submittedAt: null,
      reopenReason: body.reason,
      others: null,
    });
    // The draft is kept, and may be changed and submitted again.
    expect(view.body.data.scores).toEqual(fullSheet(bids, 5, 15).scores);
    await submitFull(t, m1!.token, desk.tenderId, fullSheet(bids, 38, 15));
    const again = await t.call(deskApi.reopenSheet, body, chair!.token);
    expect(again.status).toBe(409);
    expect(again.body.errorMsg).toContain('只能退回一次');
  });

  it('nothing moves once the chair finished (a report signing or final); a returned report re-opens', async () => {
    const desk = await deskOf(t, clock);
    const bids = desk.bidIds[0] as number[];
    const [chair, m1, m2] = desk.members;
    await submitFull(t, m1!.token, desk.tenderId, fullSheet(bids));
    await writeReport(t, desk.tenderId, desk.lotId, clock.now(), 'signing');
    const save = await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, ...fullSheet(bids) },
      m2!.token,
    );
    expect(save.status).toBe(409);
    const submit = await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, m2!.token);
    expect(submit.status).toBe(409);
    const reopen = await t.call(
      deskApi.reopenSheet,
      { tenderId: desk.tenderId, memberId: m1!.memberId, reason: '复核' },
      chair!.token,
    );
    expect(reopen.status).toBe(409);
    const view = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, m2!.token);
    expect(view.body.data.report).toEqual({ version: 1, status: 'signing' });

    await writeReport(t, desk.tenderId, desk.lotId, clock.now(), 'returned', 2);
    const reopened = await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, ...fullSheet(bids) },
      m2!.token,
    );
    expect(reopened.status).toBe(200);
  });
});

describe('get-sheet kept in memory (sheet-cache.ts)', () => {
  /** get-sheet as `token` reads it from `app` (this instance unless named). */
  async function sheetOn(app: FastifyInstance, token: string, tenderId: number) {
    const reply = await app.inject({
      method: 'GET',
      url: `${API_BASE}${deskApi.getSheet.path}?tenderId=${tenderId}`,
      headers: { authorization: token },
    });
    return { status: reply.statusCode, sheet: reply.json().data as deskApi.Sheet };
  }
  const othersOf = (sheet: deskApi.Sheet) =>
    Object.fromEntries((sheet.others ?? []).map((o) => [o.memberId, o.scores[0]!.score]));
  const submittedOf = (sheet: deskApi.Sheet) =>
    sheet.progress.filter((p) => p.submitted).map((p) => p.memberId);

  it('follows every change at once: a submission, the chair’s re-open, a new sheet, a rename, a replaced member; an open question until its time runs out', async () => {
    const desk = await deskOf(t, clock);
    const bids = desk.bidIds[0] as number[];
    const [chair, m1, m2, m3] = desk.members;
    const read = async (token: string) => {
      const { status, sheet } = await sheetOn(t.app, token, desk.tenderId);
      expect(status).toBe(200);
      return sheet;
    };
    await submitFull(t, m1!.token, desk.tenderId, fullSheet(bids, 30, 15));
    await submitFull(t, m2!.token, desk.tenderId, fullSheet(bids, 31, 15));
    // Read twice: the second answer is the kept one.
    for (let i = 0; i < 2; i++)
      expect(othersOf(await read(m2!.token))).toEqual({ [m1!.memberId]: 30 });

    await submitFull(t, chair!.token, desk.tenderId, fullSheet(bids, 32, 15));
    expect(othersOf(await read(m2!.token))).toEqual({ [m1!.memberId]: 30, [chair!.memberId]: 32 });
    expect((await read(chair!.token)).outliers).toEqual([]);

    // The chair re-opens m1's sheet: it leaves the others' desks, and m1 reads its own again.
    const reopened = await t.call(
      deskApi.reopenSheet,
      { tenderId: desk.tenderId, memberId: m1!.memberId, reason: '技术分请复核' },
      chair!.token,
    );
    expect(reopened.status).toBe(200);
    const m2View = await read(m2!.token);
    expect(othersOf(m2View)).toEqual({ [chair!.memberId]: 32 });
    expect(submittedOf(m2View)).not.toContain(m1!.memberId);
    expect(await read(m1!.token)).toMatchObject({ others: null, reopenReason: '技术分请复核' });

    // m1 saves a new draft (seen by itself only), then submits it.
    await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, ...fullSheet(bids, 45, 15) },
      m1!.token,
    );
    expect((await read(m1!.token)).scores[0]!.score).toBe(45);
    expect(othersOf(await read(m2!.token))).toEqual({ [chair!.memberId]: 32 });
    await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, m1!.token);
    expect(othersOf(await read(m2!.token))).toEqual({ [m1!.memberId]: 45, [chair!.memberId]: 32 });

    // A member's name is the expert's.
    await t.database.db.execute(
      sql`update experts set name = '改名后的专家' where id = (select expert_id from committee_members where id = ${m1!.memberId})`,
    );
    const renamed = await read(m2!.token);
    expect(renamed.progress.find((p) => p.memberId === m1!.memberId)!.name).toBe('改名后的专家');
    expect(renamed.others!.find((o) => o.memberId === m1!.memberId)!.name).toBe('改名后的专家');

    // m3 read its desk, then is replaced: 404 from then on, no bid shown.
    await read(m3!.token);
    await t.database.db
      .update(committeeMembers)
      .set({ status: 'replaced', replacedReason: '回避' })
      .where(eq(committeeMembers.id, m3!.memberId));
    const gone = await sheetOn(t.app, m3!.token, desk.tenderId);
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.sheet ?? null)).not.toContain('900000');

    // An open question counts until its time runs out, though nothing changes in the database.
    const asked = await t.call(
      deskApi.askClarification,
      {
        tenderId: desk.tenderId,
        bidId: bids[0],
        question: '请说明交货期的依据',
        answerBy: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
      },
      m2!.token,
    );
    expect(asked.status).toBe(200);
    expect((await read(m2!.token)).openClarifications).toBe(1);
    clock.advance(60 * 60);
    try {
      expect((await read(m2!.token)).openClarifications).toBe(0);
    } finally {
      clock.advance(-60 * 60);
    }
    expect((await read(m2!.token)).openClarifications).toBe(1);
  });

  it('follows a change made on another instance of the same database', async () => {
    const other = await secondInstance(t, clock);
    try {
      const desk = await deskOf(t, clock);
      const bids = desk.bidIds[0] as number[];
      const [chair, m1, m2] = desk.members;
      await submitFull(t, m1!.token, desk.tenderId, fullSheet(bids, 30, 15));
      await submitFull(t, m2!.token, desk.tenderId, fullSheet(bids, 31, 15));
      await submitFull(t, chair!.token, desk.tenderId, fullSheet(bids, 32, 15));
      // Both instances keep m2's desk now.
      for (const app of [t.app, other])
        expect(othersOf((await sheetOn(app, m2!.token, desk.tenderId)).sheet)).toEqual({
          [m1!.memberId]: 30,
          [chair!.memberId]: 32,
        });

      // Re-opened here: the other instance follows (the mechanism bounds it at one second).
      const reopened = await t.call(
        deskApi.reopenSheet,
        { tenderId: desk.tenderId, memberId: m1!.memberId, reason: '请复核' },
        chair!.token,
      );
      expect(reopened.status).toBe(200);
      const without = async (app: FastifyInstance) =>
        !(m1!.memberId in othersOf((await sheetOn(app, m2!.token, desk.tenderId)).sheet));
      expect(await without(t.app)).toBe(true);
      await eventually(() => without(other));

      // Submitted again on the other instance: this one shows it at once when it is told (its
      // own pool hears every commit), within a second in any case.
      const resaved = await other.inject({
        method: 'POST',
        url: `${API_BASE}${deskApi.saveSheet.path}`,
        headers: { authorization: m1!.token },
        payload: { tenderId: desk.tenderId, ...fullSheet(bids, 44, 15) },
      });
      expect(resaved.statusCode).toBe(200);
      const resubmitted = await other.inject({
        method: 'POST',
        url: `${API_BASE}${deskApi.submitSheet.path}`,
        headers: { authorization: m1!.token },
        payload: { tenderId: desk.tenderId },
      });
      expect(resubmitted.statusCode).toBe(200);
      expect(othersOf((await sheetOn(other, m2!.token, desk.tenderId)).sheet)[m1!.memberId]).toBe(
        44,
      );
      await eventually(
        async () =>
          othersOf((await sheetOn(t.app, m2!.token, desk.tenderId)).sheet)[m1!.memberId] === 44,
      );
    } finally {
      await closeSecondInstance(other);
    }
  });
});

/** Waits for another instance to apply a change (see table-cache.test.ts). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the change never applied');
}

describe('list-my-task', () => {
  it('lists the caller’s committees newest first with each lot’s state, its sheet and the report’s signature', async () => {
    const older = await deskOf(t, clock);
    clock.advance(60);
    const newer = await deskOf(t, clock);
    const bids = older.bidIds[0] as number[];
    // Seat older's member 1 on newer too, as its member 1 would be: one expert on two committees.
    const expert = older.members[1]!;
    await t.database.db
      .update(committeeMembers)
      .set({ userId: expert.userId })
      .where(eq(committeeMembers.id, newer.members[1]!.memberId));
    await submitFull(t, expert.token, older.tenderId, fullSheet(bids));
    const reportId = await writeReport(t, older.tenderId, older.lotId, clock.now(), 'signing');
    await t.database.db
      .insert(reportSignatures)
      .values({ reportId, memberId: expert.memberId, agree: true, signedAt: clock.now() });

    const reply = await t.call(deskApi.listMyTask, { pageNum: 1, pageSize: 10 }, expert.token);
    expect(reply.status).toBe(200);
    const page = reply.body.data as { list: deskApi.MyTask[]; total: number };
    expect(page.total).toBe(2);
    expect(page.list.map((task) => task.tenderId)).toEqual([newer.tenderId, older.tenderId]);
    expect(page.list[0]!.lots).toEqual([
      expect.objectContaining({ state: 'evaluating', sheet: 'none', report: null }),
    ]);
    expect(page.list[1]!.lots[0]).toMatchObject({
      lotId: older.lotId,
      state: 'finished',
      sheet: 'submitted',
      report: { version: 1, status: 'signing', signed: true },
    });
    expect(page.list[1]!.member).toMatchObject({
      memberId: expert.memberId,
      status: 'active',
      chair: false,
    });
    expect(page.list[1]!.suppliers).toHaveLength(3);

    const second = await t.call(deskApi.listMyTask, { pageNum: 2, pageSize: 1 }, expert.token);
    expect(second.body.data.list.map((task: deskApi.MyTask) => task.tenderId)).toEqual([
      older.tenderId,
    ]);
  });

  it('filters by tenderId: the caller’s seat on that tender only; another committee’s tender is an empty page', async () => {
    const first = await deskOf(t, clock);
    const second = await deskOf(t, clock);
    const other = await deskOf(t, clock);
    // One expert on the first two committees, not on the third.
    const expert = first.members[1]!;
    await t.database.db
      .update(committeeMembers)
      .set({ userId: expert.userId })
      .where(eq(committeeMembers.id, second.members[1]!.memberId));
    const tasksOf = async (tenderId?: number) => {
      const reply = await t.call(
        deskApi.listMyTask,
        { pageNum: 1, pageSize: 10, ...(tenderId ? { tenderId } : {}) },
        expert.token,
      );
      expect(reply.status).toBe(200);
      return reply.body.data as { list: deskApi.MyTask[]; total: number };
    };

    expect((await tasksOf()).total).toBe(2);
    const filtered = await tasksOf(first.tenderId);
    expect(filtered.total).toBe(1);
    expect(filtered.list.map((task) => [task.tenderId, task.member.memberId])).toEqual([
      [first.tenderId, expert.memberId],
    ]);
    // A tender the expert does not sit on: an empty page, not its title, lots or bidders.
    expect(await tasksOf(other.tenderId)).toMatchObject({ list: [], total: 0 });

    const bad = await t.call(
      deskApi.listMyTask,
      { pageNum: 1, pageSize: 10, tenderId: 'x' as unknown as number },
      expert.token,
    );
    expect(bad.status).toBe(400);
    expect(fieldOf(bad)).toBe('tenderId');
  });

  it('keeps a replaced seat listed as such; a standby has no task; a failed lot shows failed', async () => {
    const desk = await deskOf(t, clock, TWO_LOTS_ONE_FAILED);
    await t.database.db
      .update(committeeMembers)
      .set({ status: 'replaced', replacedReason: '发现利害关系' })
      .where(eq(committeeMembers.id, desk.members[3]!.memberId));
    const replaced = await t.call(
      deskApi.listMyTask,
      { pageNum: 1, pageSize: 10 },
      desk.members[3]!.token,
    );
    expect(replaced.body.data.list[0].member).toMatchObject({
      status: 'replaced',
      reason: '发现利害关系',
    });
    const standby = await t.call(
      deskApi.listMyTask,
      { pageNum: 1, pageSize: 10 },
      desk.standbys[0]!.token,
    );
    expect(standby.body.data).toMatchObject({ list: [], total: 0 });
    const chair = await t.call(deskApi.listMyTask, { pageNum: 1, pageSize: 10 }, desk.chair.token);
    expect(chair.body.data.list[0].lots.map((lot: { state: string }) => lot.state)).toEqual([
      'evaluating',
      'failed',
    ]);
  });
});

describe('bid files at the desk', () => {
  it('lists each bid’s files with their real size; pledged members read them, another committee does not', async () => {
    const sealed = await sealedCommitteeTender(t, clock, [800_000, 850_000, 870_000], {
      withFile: true,
    });
    clock.advance(3600);
    const managerToken = await t.login('manager');
    expect((await t.call(bidApi.openBids, { id: sealed.tenderId }, managerToken)).status).toBe(200);
    const { members } = await seatCommittee(t, sealed.tenderId, clock.now());
    const reply = await t.call(deskApi.getSheet, { tenderId: sealed.tenderId }, members[1]!.token);
    expect(reply.status).toBe(200);
    const files = (reply.body.data as deskApi.Sheet).bids.map((b) => b.files);
    expect(files.map((f) => f.map((file) => [file.name, file.size]))).toEqual([
      [['技术标0.pdf', 40 * 1024]],
      [['技术标1.pdf', 40 * 1024]],
      [['技术标2.pdf', 40 * 1024]],
    ]);
    const fileId = files[0]![0]!.id;
    expect((await t.call(fileApi.download, { id: fileId }, members[1]!.token)).status).toBe(200);
    const other = await deskOf(t, clock);
    expect((await t.call(fileApi.download, { id: fileId }, other.members[0]!.token)).status).toBe(
      404,
    );
  });
});
