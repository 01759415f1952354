import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deskApi, fileApi, notificationApi } from '@tender/contracts';
import { bids } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { pdfWith, uploadFile } from './support/bids.js';
import { deskOf, writeReport } from './support/evaluation-desk.js';
import { auditRowsOf } from './support/audit.js';

/** 评标澄清 (R 52): a member asks a bidder in writing; the bidder answers once, in time. */
let t: TestApp;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const minutesAhead = (minutes: number) =>
  new Date(clock.now().getTime() + minutes * 60_000).toISOString();
const fieldOf = (reply: { body: { data?: unknown } }) =>
  (reply.body.data as { fields?: { field: string }[] } | undefined)?.fields?.[0]?.field;

async function asked(desk: Awaited<ReturnType<typeof deskOf>>, member = 1, minutes = 60) {
  const reply = await t.call(
    deskApi.askClarification,
    {
      tenderId: desk.tenderId,
      bidId: desk.bidIds[0]![0],
      question: '请说明交货期 30 天的依据',
      answerBy: minutesAhead(minutes),
    },
    desk.members[member]!.token,
  );
  if (reply.status !== 200) throw new Error(`ask-clarification: ${JSON.stringify(reply.body)}`);
  return reply.body.data as deskApi.Clarification;
}

describe('ask-clarification', () => {
  it('asks a bidder with a time ≥ 30 minutes and ≤ 7 days ahead; the bidder is told, without the asker', async () => {
    const desk = await deskOf(t, clock);
    const token = desk.members[1]!.token;
    const base = { tenderId: desk.tenderId, bidId: desk.bidIds[0]![0], question: '请说明报价构成' };
    const soon = await t.call(
      deskApi.askClarification,
      { ...base, answerBy: minutesAhead(29) },
      token,
    );
    expect(soon.status).toBe(400);
    expect(fieldOf(soon)).toBe('answerBy');
    const late = await t.call(
      deskApi.askClarification,
      { ...base, answerBy: minutesAhead(7 * 24 * 60 + 1) },
      token,
    );
    expect(late.status).toBe(400);
    expect(fieldOf(late)).toBe('answerBy');
    const other = await deskOf(t, clock);
    const foreign = await t.call(
      deskApi.askClarification,
      { ...base, bidId: other.bidIds[0]![0], answerBy: minutesAhead(60) },
      token,
    );
    expect(foreign.status).toBe(400);
    expect(fieldOf(foreign)).toBe('bidId');

    const question = await asked(desk);
    expect(question).toMatchObject({
      tenderId: desk.tenderId,
      lotId: desk.lotId,
      bidId: desk.bidIds[0]![0],
      supplierId: desk.bidders[0]!.supplierId,
      askedBy: '专家2',
      status: 'open',
      answer: null,
      answerFiles: [],
    });
    const sheet = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, desk.chair.token);
    expect(sheet.body.data.openClarifications).toBe(1);

    const notices = await t.call(
      notificationApi.listMyNotification,
      { pageNum: 1, pageSize: 10 },
      desk.bidders[0]!.token,
    );
    const notice = notices.body.data.list.find(
      (n: { kind: string }) => n.kind === 'clarification_asked',
    );
    expect(notice.link).toBe(`/clarification?id=${question.id}`);
    expect(notice.text).toContain('评标委员会');
    expect(notice.text).not.toContain('专家');
    const [audit] = await auditRowsOf(t, 'clarification', question.id);
    expect(audit!.after).toMatchObject({ bidId: question.bidId });
  });

  it('is refused once the chair finished, and before the pledge', async () => {
    const desk = await deskOf(t, clock);
    await writeReport(t, desk.tenderId, desk.lotId, clock.now());
    const body = {
      tenderId: desk.tenderId,
      bidId: desk.bidIds[0]![0],
      question: '请说明',
      answerBy: minutesAhead(60),
    };
    expect((await t.call(deskApi.askClarification, body, desk.members[0]!.token)).status).toBe(409);
    const unpledged = await deskOf(t, clock, { pledged: false });
    const reply = await t.call(
      deskApi.askClarification,
      { ...body, tenderId: unpledged.tenderId, bidId: unpledged.bidIds[0]![0] },
      unpledged.members[0]!.token,
    );
    expect(reply.status).toBe(409);
  });
});

describe('list-clarification', () => {
  it('shows the lot’s questions with the asker to members and managers; 404 to other experts', async () => {
    const desk = await deskOf(t, clock);
    const question = await asked(desk, 2);
    for (const token of [desk.members[0]!.token, desk.managerToken]) {
      const reply = await t.call(deskApi.listClarification, { tenderId: desk.tenderId }, token);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual([
        expect.objectContaining({ id: question.id, askedBy: '专家3' }),
      ]);
    }
    const other = await deskOf(t, clock);
    const stranger = await t.call(
      deskApi.listClarification,
      { tenderId: desk.tenderId },
      other.members[0]!.token,
    );
    expect(stranger.status).toBe(404);
    const missing = await t.call(
      deskApi.listClarification,
      { tenderId: 999_999 },
      desk.managerToken,
    );
    expect(missing.status).toBe(404);
    const bidder = await t.call(
      deskApi.listClarification,
      { tenderId: desk.tenderId },
      desk.bidders[0]!.token,
    );
    expect(bidder.status).toBe(403);
  });
});

describe('the bidder’s side', () => {
  it('lists its company’s questions newest first, never naming the asker; another company sees none', async () => {
    const desk = await deskOf(t, clock);
    const first = await asked(desk, 1);
    clock.advance(1);
    const second = await asked(desk, 2);
    const mine = await t.call(
      deskApi.listMyClarification,
      { pageNum: 1, pageSize: 10 },
      desk.bidders[0]!.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list.map((c: deskApi.Clarification) => c.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(mine.body.data.list.every((c: deskApi.Clarification) => c.askedBy === null)).toBe(true);
    const others = await t.call(
      deskApi.listMyClarification,
      { pageNum: 1, pageSize: 10 },
      desk.bidders[1]!.token,
    );
    expect(others.body.data).toMatchObject({ list: [], total: 0 });
    // An expert holds no 评标澄清 menu.
    expect(
      (await t.call(deskApi.listMyClarification, { pageNum: 1, pageSize: 10 }, desk.chair.token))
        .status,
    ).toBe(403);
  });

  it('answers once, in time, with its own uploads; the bid is left as it was', async () => {
    const desk = await deskOf(t, clock);
    const question = await asked(desk, 1);
    const bidder = desk.bidders[0]!.token;
    const upload = await uploadFile(t, bidder, '说明.pdf', pdfWith('clarify'));
    const fileId = upload.body.data.id as number;
    const strangerUpload = await uploadFile(
      t,
      desk.bidders[1]!.token,
      '别人的.pdf',
      pdfWith('other'),
    );

    const wrongCompany = await t.call(
      deskApi.answerClarification,
      { id: question.id, answer: '依据如下', fileIds: [] },
      desk.bidders[1]!.token,
    );
    expect(wrongCompany.status).toBe(404);
    const notMine = await t.call(
      deskApi.answerClarification,
      { id: question.id, answer: '依据如下', fileIds: [strangerUpload.body.data.id] },
      bidder,
    );
    expect(notMine.status).toBe(404);
    const sealedUpload = await uploadFile(t, bidder, '投标.pdf', pdfWith('sealed'), 'bid');
    const sealed = await t.call(
      deskApi.answerClarification,
      { id: question.id, answer: '依据如下', fileIds: [sealedUpload.body.data.id] },
      bidder,
    );
    expect(sealed.status).toBe(400);
    expect(fieldOf(sealed)).toBe('fileIds');

    const [before] = await t.database.db.select().from(bids).where(eq(bids.id, question.bidId));
    const answer = await t.call(
      deskApi.answerClarification,
      { id: question.id, answer: '交货期依据：现货库存，报价改为 1 元', fileIds: [fileId] },
      bidder,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'answered',
      askedBy: null,
      answer: '交货期依据：现货库存，报价改为 1 元',
      answerFiles: [{ id: fileId, name: '说明.pdf' }],
      answeredAt: clock.now().toISOString(),
    });
    const [after] = await t.database.db.select().from(bids).where(eq(bids.id, question.bidId));
    expect(after).toEqual(before);
    const twice = await t.call(
      deskApi.answerClarification,
      { id: question.id, answer: '再答', fileIds: [] },
      bidder,
    );
    expect(twice.status).toBe(409);

    // The members read the answer and its file; the asker is told; the lot has no open question.
    const listed = await t.call(
      deskApi.listClarification,
      { tenderId: desk.tenderId },
      desk.members[3]!.token,
    );
    expect(listed.body.data[0]).toMatchObject({
      status: 'answered',
      answerFiles: [{ id: fileId }],
    });
    const file = await t.call(fileApi.download, { id: fileId }, desk.members[3]!.token);
    expect(file.status).toBe(200);
    const outsider = await deskOf(t, clock);
    expect(
      (await t.call(fileApi.download, { id: fileId }, outsider.members[0]!.token)).status,
    ).toBe(404);
    const notices = await t.call(
      notificationApi.listMyNotification,
      { pageNum: 1, pageSize: 10 },
      desk.members[1]!.token,
    );
    expect(notices.body.data.list.map((n: { kind: string }) => n.kind)).toContain(
      'clarification_answered',
    );
    const sheet = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, desk.chair.token);
    expect(sheet.body.data.openClarifications).toBe(0);
  });

  it('past its time a question is unanswered and can no longer be answered', async () => {
    const desk = await deskOf(t, clock);
    const question = await asked(desk, 1, 30);
    clock.advance(30 * 60);
    const late = await t.call(
      deskApi.answerClarification,
      { id: question.id, answer: '迟到的答复', fileIds: [] },
      desk.bidders[0]!.token,
    );
    expect(late.status).toBe(409);
    expect(late.body.errorMsg).toContain('已超过答复期限');
    const mine = await t.call(
      deskApi.listMyClarification,
      { pageNum: 1, pageSize: 10 },
      desk.bidders[0]!.token,
    );
    expect(mine.body.data.list[0]).toMatchObject({
      id: question.id,
      status: 'unanswered',
      answer: null,
    });
    const sheet = await t.call(deskApi.getSheet, { tenderId: desk.tenderId }, desk.chair.token);
    expect(sheet.body.data.openClarifications).toBe(0);
  });
});
