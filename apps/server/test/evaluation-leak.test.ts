import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deskApi, notificationApi } from '@tender/contracts';
import { bids } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { seatCommittee } from './support/evaluation.js';
import { deskOf, fullSheet, sealedCommitteeTender, submitFull } from './support/evaluation-desk.js';

/**
 * What the desk must never tell: another member's sheet before one's own is submitted, a
 * member's name to a bidder, another committee's bids, a price before the opening.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const page = { pageNum: 1, pageSize: 50 };
const later = () => new Date(clock.now().getTime() + 3600_000).toISOString();

describe('leaks', () => {
  it('before submitting, a member learns nothing of the others’ sheets from any desk route', async () => {
    const desk = await deskOf(t, clock);
    const ids = desk.bidIds[0] as number[];
    const [chair, m1, m2] = desk.members;
    // m2's sheet carries marks nobody else may read: 47.3, 17.7 and its note.
    const marked = fullSheet(ids, 47.3, 17.7);
    marked.review[0]!.note = '仅本人可见的评审说明';
    await submitFull(t, m2!.token, desk.tenderId, marked);
    await t.call(
      deskApi.saveSheet,
      { tenderId: desk.tenderId, ...fullSheet(ids.slice(0, 1)) },
      m1!.token,
    );

    for (const member of [m1!, chair!]) {
      const replies = [
        await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, member.token),
        await t.call(
          deskApi.saveSheet,
          { tenderId: desk.tenderId, ...fullSheet(ids.slice(0, 1)) },
          member.token,
        ),
        await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, member.token),
        await t.call(deskApi.listMyTask, page, member.token),
        await t.call(deskApi.listClarification, { tenderId: desk.tenderId }, member.token),
        await t.call(
          deskApi.askClarification,
          { tenderId: desk.tenderId, bidId: ids[0], question: '请说明', answerBy: later() },
          member.token,
        ),
      ];
      expect(replies[0]!.body.data).toMatchObject({ others: null, outliers: null });
      for (const reply of replies) {
        const text = JSON.stringify(reply.body);
        expect(text).not.toContain('47.3');
        expect(text).not.toContain('17.7');
        expect(text).not.toContain('仅本人可见');
      }
    }
    // Its own submission opens the others' submitted sheets to it.
    const done = await submitFull(t, m1!.token, desk.tenderId, fullSheet(ids));
    expect(JSON.stringify(done.others)).toContain('仅本人可见的评审说明');
  });

  it('a bidder never sees a member’s name: its clarifications, its answer, its notifications', async () => {
    const desk = await deskOf(t, clock);
    const names = [...desk.members, ...desk.standbys].map((_, i) => `专家${i + 1}`);
    const bidder = desk.bidders[0]!.token;
    const asked = await t.call(
      deskApi.askClarification,
      {
        tenderId: desk.tenderId,
        bidId: desk.bidIds[0]![0],
        question: '请说明质保条款',
        answerBy: later(),
      },
      desk.members[2]!.token,
    );
    expect(asked.body.data.askedBy).toBe('专家3');
    const replies = [
      await t.call(deskApi.listMyClarification, page, bidder),
      await t.call(
        deskApi.answerClarification,
        { id: asked.body.data.id, answer: '质保 24 个月', fileIds: [] },
        bidder,
      ),
      await t.call(deskApi.listMyClarification, page, bidder),
      await t.call(notificationApi.listMyNotification, page, bidder),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      const text = JSON.stringify(reply.body);
      for (const name of names) expect(text).not.toContain(name);
    }
  });

  it('an expert of another committee gets 404 from every desk route of this tender', async () => {
    const desk = await deskOf(t, clock);
    const other = await deskOf(t, clock);
    const token = other.members[0]!.token;
    const ids = desk.bidIds[0] as number[];
    const replies = [
      await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, token),
      await t.call(deskApi.saveSheet, { tenderId: desk.tenderId, ...fullSheet(ids) }, token),
      await t.call(deskApi.submitSheet, { tenderId: desk.tenderId }, token),
      await t.call(
        deskApi.reopenSheet,
        { tenderId: desk.tenderId, memberId: desk.members[1]!.memberId, reason: '复核' },
        token,
      ),
      await t.call(
        deskApi.askClarification,
        { tenderId: desk.tenderId, bidId: ids[0], question: '请说明', answerBy: later() },
        token,
      ),
      await t.call(deskApi.listClarification, { tenderId: desk.tenderId }, token),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(404);
      expect(JSON.stringify(reply.body)).not.toContain('900000');
    }
    const tasks = await t.call(deskApi.listMyTask, page, token);
    expect(tasks.body.data.list.map((task: { tenderId: number }) => task.tenderId)).toEqual([
      other.tenderId,
    ]);
  });

  it('no price reaches an expert seated before the opening', async () => {
    const sealed = await sealedCommitteeTender(t, clock, [912_345.67, 923_456.78, 934_567.89]);
    const { members } = await seatCommittee(t, sealed.tenderId, clock.now());
    const [bid] = await t.database.db
      .select({ id: bids.id })
      .from(bids)
      .where(eq(bids.tenderId, sealed.tenderId));
    const token = members[0]!.token;
    const sheet = await t.call(deskApi.getSheet, { tenderId: sealed.tenderId }, token);
    expect(sheet.status).toBe(409);
    expect(sheet.body.errorMsg).toContain('尚未开标');
    const refused = [
      sheet,
      await t.call(
        deskApi.saveSheet,
        {
          tenderId: sealed.tenderId,
          review: [{ bidId: bid!.id, pass: true, ground: null, note: '' }],
          scores: [],
        },
        token,
      ),
      await t.call(deskApi.submitSheet, { tenderId: sealed.tenderId }, token),
      await t.call(
        deskApi.askClarification,
        { tenderId: sealed.tenderId, bidId: bid!.id, question: '请说明', answerBy: later() },
        token,
      ),
    ];
    for (const reply of refused) expect(reply.status).toBe(409);
    const tasks = await t.call(deskApi.listMyTask, page, token);
    expect(tasks.body.data.list[0].lots[0].state).toBe('waiting');
    const answers = [
      ...refused,
      tasks,
      await t.call(deskApi.listClarification, { tenderId: sealed.tenderId }, token),
    ];
    for (const reply of answers) {
      const text = JSON.stringify(reply.body);
      for (const price of ['912345', '923456', '934567']) expect(text).not.toContain(price);
    }
  });
});
