import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidApi, tenderApi } from '@tender/contracts';
import { bids, tenders } from '../src/db/schema/index.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { DAY, draftInput, supplierIdOf } from './support/tenders.js';
import { signUp } from './support/bids.js';
import { seatCommittee } from './support/evaluation.js';

/** 评标设置 on the tender routes (EVALUATION.md §2, "How a tender is evaluated"). */
let t: TestApp;
const clock = new TestClock(new Date('2026-10-01T02:00:00.000Z'));
const now = () => clock.now();
const token = {} as Record<string, string> & { manager: string };

beforeAll(async () => {
  t = await startTestApp({ clock, demoTenders: false });
  for (const name of ['manager', 'bidder1']) token[name] = await t.login(name);
});
afterAll(() => t.close());

/** 综合评估法: technical 70 − price, commercial 30, price (30 unless given). */
const criteria = (price = 30) => [
  { name: '技术方案', kind: 'technical', maxScore: 70 - price },
  { name: '商务条款', kind: 'commercial', maxScore: 30 },
  { name: '投标报价', kind: 'price', maxScore: price },
];
const comprehensive = (price = 30, extra: Record<string, unknown> = {}) => ({
  committee: true,
  method: 'comprehensive',
  criteria: criteria(price),
  priceFormula: 'average_benchmark',
  benchmarkFactor: 0.95,
  candidates: 2,
  ...extra,
});

async function created(overrides: Record<string, unknown> = {}, days = 25) {
  const reply = await t.call(
    tenderApi.insertTtender,
    draftInput(now(), overrides, days),
    token.manager,
  );
  expect(reply.body.errorMsg ?? null).toBeNull();
  return reply.body.data.id as number;
}
async function published(overrides: Record<string, unknown> = {}, days = 25) {
  const id = await created(overrides, days);
  const reply = await t.call(tenderApi.publishTtender, { id }, token.manager);
  expect(reply.body.errorMsg ?? null).toBeNull();
  return id;
}
const detail = async (id: number, who = 'manager') =>
  (await t.call(tenderApi.getTtenderById, { id }, token[who])).body.data;
const tenderCount = async () => (await t.database.db.select({ n: count() }).from(tenders))[0]!.n;

const refusal = (
  reply: { status: number; body: { errorMsg?: string; data?: any } },
  field: string,
  message: RegExp,
) => {
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(400);
  expect(reply.body.errorMsg).toMatch(message);
  expect(reply.body.data.fields).toContainEqual(expect.objectContaining({ field }));
};

describe('evaluation settings on a draft', () => {
  it('defaults to the manager’s award, and to a committee on a mandatory tender', async () => {
    const plain = await detail(await created());
    expect(plain.evaluation).toEqual({
      committee: false,
      method: 'lowest_price',
      criteria: [],
      priceFormula: 'lowest_benchmark',
      benchmarkFactor: 0.95,
      deductAbove: 1.2,
      deductBelow: 0.8,
      candidates: 3,
    });
    const mandatory = await detail(await created({ mandatory: true }));
    expect(mandatory.evaluation).toMatchObject({ committee: true, method: 'lowest_price' });
  });

  it('saves 综合评估法 with criterion ids, kept across updates; a new criterion takes a new id', async () => {
    const id = await created({ evaluation: comprehensive() });
    const saved = (await detail(id)).evaluation;
    expect(saved).toMatchObject({
      committee: true,
      method: 'comprehensive',
      priceFormula: 'average_benchmark',
      candidates: 2,
    });
    expect(saved.criteria).toEqual([
      { criterionId: 1, name: '技术方案', kind: 'technical', maxScore: 40 },
      { criterionId: 2, name: '商务条款', kind: 'commercial', maxScore: 30 },
      { criterionId: 3, name: '投标报价', kind: 'price', maxScore: 30 },
    ]);
    // 商务条款 removed, 服务方案 added, the others reordered: ids stay with their criteria.
    const update = await t.call(
      tenderApi.updateTtender,
      {
        id,
        evaluation: comprehensive(30, {
          criteria: [
            { criterionId: 3, name: '投标报价', kind: 'price', maxScore: 30 },
            { criterionId: 1, name: '技术方案', kind: 'technical', maxScore: 50 },
            { name: '服务方案', kind: 'commercial', maxScore: 20 },
          ],
        }),
      },
      token.manager,
    );
    expect(update.body.errorMsg ?? null).toBeNull();
    expect((await detail(id)).evaluation.criteria).toEqual([
      { criterionId: 3, name: '投标报价', kind: 'price', maxScore: 30 },
      { criterionId: 1, name: '技术方案', kind: 'technical', maxScore: 50 },
      { criterionId: 4, name: '服务方案', kind: 'commercial', maxScore: 20 },
    ]);
    // An update that leaves the settings out keeps them; the log lists the change.
    await t.call(tenderApi.updateTtender, { id, title: '改名' }, token.manager);
    expect((await detail(id)).evaluation.criteria).toHaveLength(3);
    const log = await t.call(tenderApi.listTenderLog, { tenderId: id }, token.manager);
    const changed = log.body.data.list.find(
      (entry: { before: any }) => entry.before && 'evaluation' in entry.before,
    );
    expect(changed.after.evaluation.criteria.map((c: { name: string }) => c.name)).toEqual([
      '投标报价',
      '技术方案',
      '服务方案',
    ]);
  });

  it('refuses each broken rule naming the field, and saves nothing', async () => {
    const before = await tenderCount();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { mandatory: true, evaluation: { committee: false } },
        'evaluation.committee',
        /依法必须招标的项目必须由评标委员会评标/,
      ],
      [
        {
          evaluation: comprehensive(30, {
            criteria: [
              { name: '技术', kind: 'technical', maxScore: 60 },
              { name: '价格', kind: 'price', maxScore: 30 },
            ],
          }),
        },
        'evaluation.criteria',
        /合计必须等于 100（当前 90）/,
      ],
      [{ evaluation: comprehensive(5) }, 'evaluation.criteria.2.maxScore', /不得低于 10 分/],
      [
        {
          evaluation: comprehensive(30, {
            criteria: [
              { name: '技术', kind: 'technical', maxScore: 70 },
              { name: '商务', kind: 'commercial', maxScore: 30 },
            ],
          }),
        },
        'evaluation.criteria',
        /有且只有 1 个价格评分项/,
      ],
      [
        { evaluation: { method: 'lowest_price', criteria: criteria() } },
        'evaluation.criteria',
        /不设评分项/,
      ],
      [
        { evaluation: comprehensive(30, { benchmarkFactor: 0.8 }) },
        'evaluation.benchmarkFactor',
        /最小为 0.9/,
      ],
      [{ evaluation: comprehensive(30, { candidates: 4 }) }, 'evaluation.candidates', /最大为 3/],
      [
        {
          evaluation: comprehensive(30, {
            criteria: [
              { name: '技术', kind: 'technical', maxScore: 40.5 },
              { name: '商务', kind: 'commercial', maxScore: 29.5 },
              { name: '价格', kind: 'price', maxScore: 30 },
            ],
          }),
        },
        'evaluation.criteria.0.maxScore',
        /整数/,
      ],
    ];
    for (const [overrides, field, message] of cases)
      refusal(
        await t.call(tenderApi.insertTtender, draftInput(now(), overrides), token.manager),
        field,
        message,
      );
    expect(await tenderCount()).toBe(before);
  });

  it('holds a draft made mandatory to a committee, at update and at publish', async () => {
    const id = await created();
    refusal(
      await t.call(tenderApi.updateTtender, { id, mandatory: true }, token.manager),
      'evaluation.committee',
      /评标委员会/,
    );
    expect((await detail(id)).mandatory).toBe(false);
    // With the committee it saves.
    const ok = await t.call(
      tenderApi.updateTtender,
      { id, mandatory: true, evaluation: { committee: true } },
      token.manager,
    );
    expect(ok.body.errorMsg ?? null).toBeNull();
    // A draft stored without it (before the settings existed, or written around the rule) is
    // refused at publish, and stays a draft.
    for (const stored of [{}, { ...(await detail(id)).evaluation, committee: false }]) {
      await t.database.db.update(tenders).set({ evaluation: stored }).where(eq(tenders.id, id));
      refusal(
        await t.call(tenderApi.publishTtender, { id }, token.manager),
        'evaluation.committee',
        /依法必须招标的项目必须由评标委员会评标/,
      );
      expect((await detail(id)).status).toBe('draft');
    }
  });
});

describe('evaluation settings after publication', () => {
  it('are carried by the bidder’s and the public detail, without any member', async () => {
    const id = await published({ evaluation: comprehensive() });
    for (const who of ['bidder1'] as const) {
      const view = await detail(id, who);
      expect(view.evaluation).toMatchObject({ committee: true, method: 'comprehensive' });
      expect(view.evaluation.criteria).toHaveLength(3);
      expect(JSON.stringify(view)).not.toMatch(/member|专家/);
    }
    const pub = await t.call(tenderApi.getTenderMsgById, { id });
    expect(
      pub.body.data.evaluation.criteria.map((c: { criterionId: number }) => c.criterionId),
    ).toEqual([1, 2, 3]);
  });

  it('are changed only by an amendment: the 15-day rule, ids kept, bids to re-confirm, the record lists it', async () => {
    const id = await published({ mandatory: true, evaluation: comprehensive() }, 21);
    const bidder1 = await supplierIdOf(t, '华能电气设备有限公司');
    await signUp(t, id, [bidder1]);
    const bid = await t.call(
      bidApi.submitBid,
      { tenderId: id, totalPrice: 990_000, currency: 'CNY', deliveryDays: 30, warrantyMonths: 12 },
      token.bidder1,
    );
    expect(bid.body.errorMsg ?? null).toBeNull();
    // An update of a published tender is refused: the settings are fixed at publication.
    expect(
      (await t.call(tenderApi.updateTtender, { id, evaluation: comprehensive(40) }, token.manager))
        .status,
    ).toBe(409);
    clock.advance(10 * DAY);
    const deadline = (await detail(id)).bidDeadline;
    const amended = await t.call(
      tenderApi.amendTtender,
      {
        id,
        reason: '调整价格分权重',
        evaluation: comprehensive(40, {
          criteria: [
            { criterionId: 1, name: '技术方案', kind: 'technical', maxScore: 30 },
            { criterionId: 2, name: '商务条款', kind: 'commercial', maxScore: 30 },
            { criterionId: 3, name: '投标报价', kind: 'price', maxScore: 40 },
          ],
        }),
      },
      token.manager,
    );
    expect(amended.body.errorMsg ?? null).toBeNull();
    expect(amended.body.data.deadlineExtended).toBe(true);
    expect(new Date(amended.body.data.bidDeadline).getTime()).toBeGreaterThanOrEqual(
      now().getTime() + 15 * DAY * 1000,
    );
    expect(new Date(amended.body.data.bidDeadline).getTime()).toBeGreaterThan(
      new Date(deadline).getTime(),
    );
    const change = amended.body.data.changes.find(
      (c: { field: string }) => c.field === 'evaluation',
    );
    expect(change.before.criteria[2]).toMatchObject({ criterionId: 3, maxScore: 30 });
    expect(change.after.criteria[2]).toMatchObject({ criterionId: 3, maxScore: 40 });
    const view = await detail(id);
    expect(view.evaluation.criteria.map((c: { criterionId: number }) => c.criterionId)).toEqual([
      1, 2, 3,
    ]);
    const records = await t.call(tenderApi.listAmendments, { tenderId: id }, token.manager);
    expect(records.body.data[0].changes.map((c: { field: string }) => c.field)).toContain(
      'evaluation',
    );
    const [row] = await t.database.db
      .select({ needsReconfirm: bids.needsReconfirm })
      .from(bids)
      .where(eq(bids.id, bid.body.data.bidId));
    expect(row!.needsReconfirm).toBe(true);
    // The amendment's rules are the same: a mandatory tender keeps its committee.
    refusal(
      await t.call(
        tenderApi.amendTtender,
        { id, reason: '取消评标委员会', evaluation: { committee: false } },
        token.manager,
      ),
      'evaluation.committee',
      /评标委员会/,
    );
  });

  it('can no longer be amended once a committee exists; other amendments still can', async () => {
    const id = await published({ evaluation: comprehensive() });
    await seatCommittee(t, id, now());
    const before = (await detail(id)).evaluation;
    const refused = await t.call(
      tenderApi.amendTtender,
      { id, reason: '调整', evaluation: comprehensive(20) },
      token.manager,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errorMsg).toMatch(/评标委员会已组建，评标设置不能再修改/);
    expect((await detail(id)).evaluation).toEqual(before);
    const other = await t.call(
      tenderApi.amendTtender,
      { id, reason: '补充说明', description: '<p>补充</p>' },
      token.manager,
    );
    expect(other.body.errorMsg ?? null).toBeNull();
    expect((await detail(id)).evaluation).toEqual(before);
  });
});
