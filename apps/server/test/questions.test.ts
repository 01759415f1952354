import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, notificationApi, questionApi, tenderApi } from '@tender/contracts';
import { MAX_QUESTION_LENGTH, defaultQuestionsUntil } from '@tender/contracts/question';
import { TestClock, startTestApp, type Reply, type TestApp } from './support/app.js';
import { COMPANY, DAY, draftInput, supplierIdOf } from './support/tenders.js';

/** 答疑 (EVALUATION.md §3): who asks, until when, and that no supplier ever learns who asked. */

let t: TestApp;
const clock = new TestClock();
const now = () => clock.now();
const token = {} as Record<string, string>;
const PEOPLE = ['admin', 'manager', 'bidder1', 'bidder2', 'bidder3', 'bidder4', 'expert1'];

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of PEOPLE) token[name] = await t.login(name);
});
afterAll(() => t.close());

async function published(overrides: Record<string, unknown> = {}, days = 25) {
  const reply = await t.call(
    tenderApi.insertTtender,
    draftInput(now(), overrides, days),
    token.manager,
  );
  expect(reply.body.errorMsg ?? null).toBeNull();
  const id = reply.body.data.id as number;
  expect((await t.call(tenderApi.publishTtender, { id }, token.manager)).body.code).toBe(0);
  return id;
}
const signUp = async (tenderId: number, who: string) =>
  expect((await t.call(tenderApi.addSupplyTtender, { tenderId }, token[who])).body.code).toBe(0);
const ask = (
  tenderId: number,
  who: string,
  content = '技术规范书第 3.2 条的短路阻抗是否可放宽？',
) => t.call(questionApi.insertQuestion, { tenderId, content }, token[who]);
const answer = (id: number, text = '不可放宽，按技术规范书执行。', who = 'manager') =>
  t.call(questionApi.answerQuestion, { id, answer: text }, token[who]);
const list = (tenderId: number, who: string) =>
  t.call(questionApi.listQuestion, { tenderId, pageNum: 1, pageSize: 50 }, token[who]);
const ok = <T>(reply: Reply<T>) => {
  expect(reply.body.errorMsg ?? null).toBeNull();
  return reply.body.data as T;
};

describe('asking', () => {
  it('lets a signed-up supplier ask; the reply is its own, marked mine, without the asker', async () => {
    const id = await published();
    await signUp(id, 'bidder1');
    const asked = ok(await ask(id, 'bidder1'));
    expect(asked).toMatchObject({ tenderId: id, answer: null, mine: true, asker: null });
    const mine = ok(await list(id, 'bidder1'));
    expect(mine.list.map((q: { id: number }) => q.id)).toEqual([asked.id]);
    expect(mine.canAsk).toBe(true);
  });

  it('refuses a company not signed up (403), an unknown tender (404), a pending company and a manager', async () => {
    const id = await published();
    const notSignedUp = await ask(id, 'bidder2');
    expect(notSignedUp.status).toBe(403);
    expect(notSignedUp.body.errorMsg).toMatch(/未报名/);
    expect((await ask(999_999, 'bidder1')).status).toBe(404);
    // A manager is no supplier: the interface refuses (no 招标信息 power).
    expect((await ask(id, 'manager')).status).toBe(403);
    // The admin holds every power but has no company.
    const admin = await ask(id, 'admin');
    expect(admin.status).toBe(403);
    expect(admin.body.errorMsg).toMatch(/供应商/);
    // A draft is not there for a supplier.
    const draft = ok(await t.call(tenderApi.insertTtender, draftInput(now()), token.manager)) as {
      id: number;
    };
    expect((await ask(draft.id, 'bidder1')).status).toBe(404);
  });

  it('refuses an empty question and one over 2,000 characters, naming content; 2,000 is fine', async () => {
    const id = await published();
    await signUp(id, 'bidder1');
    for (const content of ['', '   ', 'x'.repeat(MAX_QUESTION_LENGTH + 1)]) {
      const reply = await ask(id, 'bidder1', content);
      expect(reply.status).toBe(400);
      expect(reply.body.data.fields[0].field).toBe('content');
      expect(reply.body.errorMsg).toMatch(content.length > 3 ? /最多 2000 个字符/ : /不能为空/);
    }
    const longest = await ask(id, 'bidder1', '问'.repeat(MAX_QUESTION_LENGTH));
    expect(longest.body.errorMsg ?? null).toBeNull();
  });

  it('closes at questionsUntil by the server clock: a second before is fine, at the instant it is refused', async () => {
    const until = new Date(now().getTime() + 5 * DAY * 1000);
    const id = await published({ questionsUntil: until.toISOString() });
    await signUp(id, 'bidder1');
    clock.advance((until.getTime() - now().getTime()) / 1000 - 1);
    expect((await ask(id, 'bidder1')).body.code).toBe(0);
    expect(ok(await list(id, 'bidder1')).canAsk).toBe(true);
    clock.advance(1);
    const late = await ask(id, 'bidder1');
    expect(late.status).toBe(409);
    expect(late.body.errorMsg).toMatch(/答疑已于 .* 截止/);
    expect(late.body.data.fields[0].field).toBe('questionsUntil');
    const after = ok(await list(id, 'bidder1'));
    expect(after.canAsk).toBe(false);
    expect(after.questionsUntil).toBe(until.toISOString());
    // Past the bid deadline too, the refusal names 答疑截止.
    clock.advance(30 * DAY);
    const closed = await ask(id, 'bidder1');
    expect(closed.status).toBe(409);
    expect(closed.body.data.fields[0].field).toBe('questionsUntil');
  });

  it('refuses a cancelled tender and a blacklisted company', async () => {
    const id = await published();
    await signUp(id, 'bidder3');
    const supplierId = await supplierIdOf(t, COMPANY.bidder3);
    const { suppliers } = await import('../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(suppliers)
      .set({ status: 'blacklisted', blacklistUntil: null })
      .where(eq(suppliers.id, supplierId));
    const listed = await ask(id, 'bidder3');
    expect(listed.status).toBe(409);
    expect(listed.body.errorMsg).toMatch(/黑名单/);
    await t.database.db
      .update(suppliers)
      .set({ status: 'approved' })
      .where(eq(suppliers.id, supplierId));
    ok(await t.call(tenderApi.cancelTtender, { id, reason: '需求变更' }, token.manager));
    expect((await ask(id, 'bidder3')).status).toBe(409);
  });
});

describe('questionsUntil on the tender', () => {
  it('defaults to 10 days before the deadline on a mandatory tender and 1 day otherwise, following the deadline', async () => {
    const open = await published({}, 25);
    const plain = ok(await t.call(tenderApi.getTtenderById, { id: open }, token.manager));
    expect(plain.questionsUntilDefault).toBe(true);
    expect(plain.questionsUntil).toBe(
      defaultQuestionsUntil({
        mandatory: false,
        bidDeadline: new Date(plain.bidDeadline),
      }).toISOString(),
    );
    expect(new Date(plain.bidDeadline).getTime() - new Date(plain.questionsUntil).getTime()).toBe(
      DAY * 1000,
    );
    const mandatory = await published({ mandatory: true }, 25);
    const law = ok(await t.call(tenderApi.getTtenderById, { id: mandatory }, token.manager));
    expect(new Date(law.bidDeadline).getTime() - new Date(law.questionsUntil).getTime()).toBe(
      10 * DAY * 1000,
    );
    // The list tells the supplier the same moment.
    await signUp(mandatory, 'bidder1');
    expect(ok(await list(mandatory, 'bidder1')).questionsUntil).toBe(law.questionsUntil);
  });

  it('the default boundary: a mandatory tender takes questions until 10 days before, not after', async () => {
    const id = await published({ mandatory: true }, 25);
    await signUp(id, 'bidder2');
    const tender = ok(await t.call(tenderApi.getTtenderById, { id }, token.manager));
    const until = new Date(tender.questionsUntil).getTime();
    clock.advance((until - now().getTime()) / 1000 - 1);
    expect((await ask(id, 'bidder2')).body.code).toBe(0);
    clock.advance(1);
    expect((await ask(id, 'bidder2')).status).toBe(409);
  });

  it('refuses a questionsUntil after the deadline on insert, update and amend (400 naming questionsUntil)', async () => {
    const late = (days: number) => new Date(now().getTime() + days * DAY * 1000).toISOString();
    const inserted = await t.call(
      tenderApi.insertTtender,
      draftInput(now(), { questionsUntil: late(26) }),
      token.manager,
    );
    expect(inserted.status).toBe(400);
    expect(inserted.body.data.fields[0].field).toBe('questionsUntil');
    const draft = ok(await t.call(tenderApi.insertTtender, draftInput(now()), token.manager)) as {
      id: number;
    };
    const updated = await t.call(
      tenderApi.updateTtender,
      { id: draft.id, questionsUntil: late(26) },
      token.manager,
    );
    expect(updated.status).toBe(400);
    expect(updated.body.data.fields[0].field).toBe('questionsUntil');
    const id = await published();
    const amended = await t.call(
      tenderApi.amendTtender,
      { id, reason: '调整答疑截止', questionsUntil: late(26) },
      token.manager,
    );
    expect(amended.status).toBe(400);
    expect(amended.body.data.fields[0].field).toBe('questionsUntil');
    // A date on or before the deadline is kept.
    const fine = ok(
      await t.call(
        tenderApi.amendTtender,
        { id, reason: '调整答疑截止', questionsUntil: late(20) },
        token.manager,
      ),
    );
    expect(fine).toBeTruthy();
    const after = ok(await t.call(tenderApi.getTtenderById, { id }, token.manager));
    expect(after.questionsUntilDefault).toBe(false);
  });
});

describe('answering', () => {
  it('answers once (409 the second time); a bidder may not answer (403); an unknown id is 404', async () => {
    const id = await published();
    await signUp(id, 'bidder1');
    const q = ok(await ask(id, 'bidder1')) as { id: number };
    expect((await answer(q.id, '答复', 'bidder1')).status).toBe(403);
    expect((await answer(q.id, '答复', 'expert1')).status).toBe(403);
    const first = ok(await answer(q.id));
    expect(first).toMatchObject({ answer: '不可放宽，按技术规范书执行。' });
    expect(first.asker).toMatchObject({ supplierName: COMPANY.bidder1, username: 'bidder1' });
    const second = await answer(q.id, '另一个答复');
    expect(second.status).toBe(409);
    expect(second.body.errorMsg).toMatch(/已答复/);
    expect((await answer(999_999)).status).toBe(404);
    const empty = await t.call(
      questionApi.answerQuestion,
      { id: q.id, answer: ' ' },
      token.manager,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields[0].field).toBe('answer');
  });

  it('notifies every signed-up supplier in the same transaction and records the audit entry', async () => {
    const id = await published({ title: '答疑通知测试项目' });
    for (const who of ['bidder1', 'bidder2', 'bidder3']) await signUp(id, who);
    const q = ok(await ask(id, 'bidder2')) as { id: number };
    ok(await answer(q.id));
    for (const who of ['bidder1', 'bidder2', 'bidder3']) {
      const notes = ok(
        await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 50 }, token[who]),
      );
      const mine = notes.list.filter(
        (n: { kind: string; link: string }) =>
          n.kind === 'question_answered' && n.link === `/downloadTender?id=${id}&tab=qa`,
      );
      expect(mine, who).toHaveLength(1);
      expect(mine[0].text).toBe('答疑通知测试项目：招标人发布了答疑答复，请查看');
    }
    // bidder4 is not signed up: nothing.
    const other = ok(
      await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 50 }, token.bidder4),
    );
    expect(other.list.some((n: { link: string }) => n.link?.includes(`id=${id}&`))).toBe(false);
    const log = ok(
      await t.call(audit.listAuditLog, { action: '答复答疑问题', pageSize: 5 }, token.admin),
    );
    expect(log.list[0]).toMatchObject({ targetType: 'question', targetId: String(q.id) });
  });
});

describe('reading', () => {
  it('managers see every question with the asker; a supplier the answered ones and its own; others 404', async () => {
    const id = await published();
    for (const who of ['bidder1', 'bidder2', 'bidder3']) await signUp(id, who);
    const q1 = ok(await ask(id, 'bidder1', '问题一')) as { id: number };
    const q2 = ok(await ask(id, 'bidder2', '问题二')) as { id: number };
    ok(await answer(q1.id, '答复一'));
    const all = ok(await list(id, 'manager'));
    expect(all.total).toBe(2);
    expect(all.canAsk).toBe(false);
    // Waiting first.
    expect(all.list.map((q: { id: number }) => q.id)).toEqual([q2.id, q1.id]);
    expect(all.list[0].asker).toMatchObject({
      supplierName: COMPANY.bidder2,
      username: 'bidder2',
      supplierId: await supplierIdOf(t, COMPANY.bidder2),
    });
    const b2 = ok(await list(id, 'bidder2'));
    expect(b2.list.map((q: { id: number; mine: boolean }) => [q.id, q.mine])).toEqual([
      [q2.id, true],
      [q1.id, false],
    ]);
    const b3 = ok(await list(id, 'bidder3'));
    expect(b3.list.map((q: { id: number }) => q.id)).toEqual([q1.id]);
    expect(b3.list.every((q: { asker: unknown }) => q.asker === null)).toBe(true);
    // Not signed up, an expert, an unknown tender: as if it were not there.
    for (const who of ['bidder4', 'expert1']) expect((await list(id, who)).status).toBe(404);
    expect((await list(999_999, 'manager')).status).toBe(404);
  });
});

describe('anonymity', () => {
  it('no reply a supplier can get names the asking supplier, its user or its id', async () => {
    const id = await published({ title: '匿名答疑测试项目' });
    for (const who of ['bidder1', 'bidder2', 'bidder3']) await signUp(id, who);
    const askerSupplierId = await supplierIdOf(t, COMPANY.bidder1);
    const q = ok(await ask(id, 'bidder1', '关于交货期的问题')) as { id: number };
    const [answered] = [ok(await answer(q.id, '交货期不变'))];
    expect(answered.asker.supplierName).toBe(COMPANY.bidder1);
    const leaks = (text: string) =>
      [
        COMPANY.bidder1,
        'bidder1',
        '李明',
        `"supplierId":${askerSupplierId}`,
        '"askedBy"',
        '"username"',
        '"supplierName"',
      ].filter((needle) => text.includes(needle));
    const replies: [string, Reply][] = [];
    for (const who of ['bidder2', 'bidder3']) {
      replies.push([`${who} list`, await list(id, who)]);
      replies.push([
        `${who} notifications`,
        await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 50 }, token[who]),
      ]);
      replies.push([`${who} tender`, await t.call(tenderApi.getTtenderById, { id }, token[who])]);
      replies.push([
        `${who} amendments`,
        await t.call(tenderApi.listAmendments, { tenderId: id }, token[who]),
      ]);
    }
    // The asker's own replies carry nothing more than 我的提问 either.
    replies.push(['bidder1 list', await list(id, 'bidder1')]);
    replies.push([
      'bidder1 notifications',
      await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 50 }, token.bidder1),
    ]);
    for (const [name, reply] of replies) {
      expect(reply.body.code, name).toBe(0);
      const text = JSON.stringify(reply.body);
      expect(
        leaks(text).filter((needle) => !(name.startsWith('bidder1') && needle === 'bidder1')),
        name,
      ).toEqual([]);
    }
    const b2 = ok(await list(id, 'bidder2'));
    expect(b2.list[0]).toMatchObject({ content: '关于交货期的问题', answer: '交货期不变' });
    // A supplier calling answer is refused before anything is read.
    const refused = await answer(q.id, 'x', 'bidder2');
    expect(refused.status).toBe(403);
    expect(leaks(JSON.stringify(refused.body))).toEqual([]);
    // Nor does a refusal to a not-signed-up supplier.
    const outsider = await list(id, 'bidder4');
    expect(leaks(JSON.stringify(outsider.body))).toEqual([]);
  });
});
