import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderApi } from '@tender/contracts';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { DAY, draftInput } from './support/tenders.js';
import { signUp, supplierIdOf } from './support/bids.js';

/** What a supplier prepares against besides the dates: 答疑截止 and the bond forms accepted. */
let t: TestApp;
const clock = new TestClock(new Date('2026-10-01T02:00:00.000Z'));
const now = () => clock.now();
const token = {} as Record<string, string>;
const day = (n: number) => n * DAY * 1000;

beforeAll(async () => {
  t = await startTestApp({ clock, demoTenders: false });
  for (const name of ['manager', 'bidder1']) token[name] = await t.login(name);
});
afterAll(() => t.close());

async function created(overrides: Record<string, unknown> = {}, days = 25) {
  const reply = await t.call(
    tenderApi.insertTtender,
    draftInput(now(), overrides, days),
    token.manager,
  );
  expect(reply.body.errorMsg ?? null).toBeNull();
  return reply.body.data.id as number;
}
const detail = async (id: number, who = 'manager') =>
  (await t.call(tenderApi.getTtenderById, { id }, token[who])).body.data;
const deadlineOf = async (id: number) => new Date((await detail(id)).bidDeadline).getTime();

describe('答疑截止 (questionsUntil)', () => {
  it('defaults to 1 day before the deadline, 10 on a mandatory tender, and follows the deadline', async () => {
    const plain = await created();
    expect(new Date((await detail(plain)).questionsUntil).getTime()).toBe(
      (await deadlineOf(plain)) - day(1),
    );
    expect((await detail(plain)).questionsUntilDefault).toBe(true);
    const mandatory = await created({ mandatory: true }, 30);
    expect(new Date((await detail(mandatory)).questionsUntil).getTime()).toBe(
      (await deadlineOf(mandatory)) - day(10),
    );
    const later = new Date(now().getTime() + day(40)).toISOString();
    await t.call(tenderApi.updateTtender, { id: plain, bidDeadline: later }, token.manager);
    expect((await detail(plain)).questionsUntil).toBe(
      new Date(new Date(later).getTime() - day(1)).toISOString(),
    );
  });

  it('keeps a time the manager sets, and shows it to a signed-up bidder and the public', async () => {
    const until = new Date(now().getTime() + day(20)).toISOString();
    const id = await created({ questionsUntil: until });
    expect((await detail(id)).questionsUntil).toBe(until);
    expect((await detail(id)).questionsUntilDefault).toBe(false);
    await t.call(tenderApi.publishTtender, { id }, token.manager);
    await signUp(t, id, [await supplierIdOf(t, 'bidder1')]);
    expect((await detail(id, 'bidder1')).questionsUntil).toBe(until);
    const open = await t.call(tenderApi.getTenderMsgById, { id });
    expect(open.body.data.questionsUntil).toBe(until);
  });

  it('refuses a time after the deadline on insert, update and amend, naming questionsUntil', async () => {
    const late = new Date(now().getTime() + day(26)).toISOString();
    const refused = (reply: { status: number; body: any }) => {
      expect(reply.status).toBe(400);
      expect(reply.body.errorMsg).toMatch(/答疑截止时间不能晚于投标截止时间/);
      expect(reply.body.data.fields).toContainEqual(
        expect.objectContaining({ field: 'questionsUntil' }),
      );
    };
    refused(
      await t.call(
        tenderApi.insertTtender,
        draftInput(now(), { questionsUntil: late }),
        token.manager,
      ),
    );
    const id = await created();
    refused(await t.call(tenderApi.updateTtender, { id, questionsUntil: late }, token.manager));
    await t.call(tenderApi.publishTtender, { id }, token.manager);
    refused(
      await t.call(
        tenderApi.amendTtender,
        { id, reason: '延长答疑', questionsUntil: late },
        token.manager,
      ),
    );
    const fine = new Date(now().getTime() + day(23)).toISOString();
    const amended = await t.call(
      tenderApi.amendTtender,
      { id, reason: '延长答疑', questionsUntil: fine },
      token.manager,
    );
    expect(amended.body.errorMsg ?? null).toBeNull();
    expect(amended.body.data.changes.map((c: { field: string }) => c.field)).toContain(
      'questionsUntil',
    );
    expect((await detail(id)).questionsUntil).toBe(fine);
  });
});

describe('保证金形式 (bondForms)', () => {
  it('accepts all three forms by default, and what the manager chooses', async () => {
    expect((await detail(await created())).bondForms).toEqual([
      'transfer',
      'guarantee',
      'insurance',
    ]);
    const id = await created({ bondForms: ['guarantee'] });
    expect((await detail(id)).bondForms).toEqual(['guarantee']);
    await t.call(
      tenderApi.updateTtender,
      { id, bondForms: ['transfer', 'insurance'] },
      token.manager,
    );
    expect((await detail(id)).bondForms).toEqual(['transfer', 'insurance']);
  });

  it('refuses no form, an unknown one or a repeated one, naming bondForms', async () => {
    for (const bondForms of [[], ['cash'], ['transfer', 'transfer']]) {
      const reply = await t.call(
        tenderApi.insertTtender,
        draftInput(now(), { bondForms }),
        token.manager,
      );
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body.data.fields)).toContain('bondForms');
    }
  });
});
