import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, tenderApi } from '@tender/contracts';
import { amendments, bids, lots, participationLots, tenders } from '../src/db/schema/index.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { COMPANY, draftInput, supplierIdOf } from './support/tenders.js';

/** 标段 (EVALUATION.md §1) on the tender routes: the lot rules, reads, sign-up, amend, re-tender. */
let t: TestApp;
const clock = new TestClock();
const now = () => clock.now();
const token = {} as Record<string, string> & { manager: string };

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2']) token[name] = await t.login(name);
});
afterAll(() => t.close());

const lot = (name: string, budget: number, extra: Record<string, unknown> = {}) => ({
  name,
  budget,
  ...extra,
});
const threeLots = () => [
  lot('35kV 开关柜', 300_000, { bidBond: 6_000 }),
  lot('电力电缆', 200_000, { priceCeiling: 180_000 }),
  lot('箱式变电站', 100_000, { quantity: '2 台' }),
];

async function created(overrides: Record<string, unknown> = {}) {
  const reply = await t.call(
    tenderApi.insertTtender,
    draftInput(now(), { lots: threeLots(), ...overrides }),
    token.manager,
  );
  expect(reply.body.errorMsg ?? null).toBeNull();
  return reply.body.data.id as number;
}
async function published(overrides: Record<string, unknown> = {}) {
  const id = await created(overrides);
  const reply = await t.call(tenderApi.publishTtender, { id }, token.manager);
  expect(reply.body.errorMsg ?? null).toBeNull();
  return id;
}
const detail = async (id: number, who = 'manager') =>
  (await t.call(tenderApi.getTtenderById, { id }, token[who])).body.data;
const tenderCount = async () => (await t.database.db.select({ n: count() }).from(tenders))[0]!.n;
const lotRows = (tenderId: number) =>
  t.database.db.select().from(lots).where(eq(lots.tenderId, tenderId)).orderBy(lots.lotNo);

const refusal = (reply: { status: number; body: any }, field: string, message: RegExp) => {
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(400);
  expect(reply.body.errorMsg).toMatch(message);
  expect(reply.body.data.fields).toContainEqual(expect.objectContaining({ field }));
};

describe('lot rules', () => {
  it('saves lots numbered 1…n, the tender budget their sum, and answers them to the manager', async () => {
    const id = await created({ budget: 1, maxLotsPerWinner: 2 });
    const view = await detail(id);
    expect(view).toMatchObject({ budget: 600_000, lotCount: 3, maxLotsPerWinner: 2 });
    expect(view.lots).toMatchObject([
      {
        lotNo: 1,
        name: '35kV 开关柜',
        budget: 300_000,
        bidBond: 6_000,
        minBids: 3,
        status: 'draft',
      },
      { lotNo: 2, name: '电力电缆', priceCeiling: 180_000, bidBond: 0 },
      { lotNo: 3, name: '箱式变电站', quantity: '2 台' },
    ]);
    const list = await t.call(tenderApi.listTtender, { keyword: '110kV' }, token.manager);
    expect(list.body.data.list.find((r: { id: number }) => r.id === id).lotCount).toBe(3);
    // The log keeps the lots; the export counts them.
    const log = await t.call(tenderApi.listTenderLog, { tenderId: id }, token.manager);
    expect(log.body.data.list[0].after.lots).toHaveLength(3);
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${tenderApi.exportTtender.path}`,
      query: { keyword: view.tenderNo },
      headers: { authorization: token.manager },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('招标列表')!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('标段数');
    expect(header).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(header).value).toBe(3);
  });

  it('refuses each broken lot rule naming the field, and saves nothing', async () => {
    const before = await tenderCount();
    const many = Array.from({ length: 51 }, (_, i) => lot(`标段${i + 1}`, 1000));
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ lots: [] }, 'lots', /至少 1 个标段/],
      [{ lots: many }, 'lots', /最多 50 个标段/],
      [{ lots: [lot('a', 0)] }, 'lots.0.budget', /必须大于 0/],
      [{ lots: [lot('a', -3)] }, 'lots.0.budget', /必须/],
      [
        { mandatory: true, lots: [lot('a', 1000), lot('b', 1000, { minBids: 2 })] },
        'lots.1.minBids',
        /不得少于 3/,
      ],
      [
        { lots: [lot('a', 100_000, { bidBond: 2_000.01 })] },
        'lots.0.bidBond',
        /不得超过标段预算的 2%/,
      ],
      [
        { lots: [lot('a', 1000, { priceCeiling: 1001 })] },
        'lots.0.priceCeiling',
        /不能高于标段预算/,
      ],
      [{ maxLotsPerWinner: 4 }, 'maxLotsPerWinner', /1 到标段数（3）之间/],
      [{ maxLotsPerWinner: 0 }, 'maxLotsPerWinner', /最小为 1/],
      [
        { lots: [lot('a', 1, { lotNo: 1 }), lot('b', 1, { lotNo: 3 })] },
        'lots',
        /连续编号.*收到 1、3/,
      ],
      [{ lots: [lot('a', 1, { lotNo: 1 }), lot('b', 1, { lotNo: 1 })] }, 'lots', /不能重复或跳号/],
    ];
    for (const [overrides, field, message] of cases) {
      const reply = await t.call(
        tenderApi.insertTtender,
        draftInput(now(), { lots: threeLots(), ...overrides }),
        token.manager,
      );
      refusal(reply, field, message);
    }
    // A tender saved without lots is one lot: no cap above 1.
    refusal(
      await t.call(
        tenderApi.insertTtender,
        draftInput(now(), { maxLotsPerWinner: 2 }),
        token.manager,
      ),
      'maxLotsPerWinner',
      /1 到标段数（1）之间/,
    );
    expect(await tenderCount()).toBe(before);
  });

  it('keeps a one-lot tender saved without lots in step with its own fields', async () => {
    const reply = await t.call(
      tenderApi.insertTtender,
      draftInput(now(), { priceCeiling: 900_000, minBids: 4 }),
      token.manager,
    );
    const id = reply.body.data.id as number;
    expect((await detail(id)).lots).toMatchObject([
      {
        lotNo: 1,
        name: '110kV 主变压器采购',
        budget: 1_200_000,
        priceCeiling: 900_000,
        minBids: 4,
      },
    ]);
    const [only] = await lotRows(id);
    await t.call(tenderApi.updateTtender, { id, title: '改名', budget: 950_000 }, token.manager);
    const view = await detail(id);
    expect(view).toMatchObject({ budget: 950_000, lotCount: 1 });
    expect(view.lots).toMatchObject([{ lotId: only!.id, name: '改名', budget: 950_000 }]);
  });

  it('reorders a draft keeping lot ids, checks an update without lots against the stored lots, and re-checks at publish', async () => {
    const id = await created();
    const [a, b, c] = await lotRows(id);
    const reorder = await t.call(
      tenderApi.updateTtender,
      {
        id,
        lots: [
          { lotId: c!.id, lotNo: 1, name: c!.name, budget: 100_000 },
          { lotId: a!.id, lotNo: 2, name: a!.name, budget: 300_000, bidBond: 6_000 },
          { lotId: b!.id, lotNo: 3, name: b!.name, budget: 250_000 },
        ],
      },
      token.manager,
    );
    expect(reorder.body.errorMsg ?? null).toBeNull();
    const view = await detail(id);
    expect(view.lots.map((l: { lotId: number }) => l.lotId)).toEqual([c!.id, a!.id, b!.id]);
    expect(view.lots.map((l: { lotNo: number }) => l.lotNo)).toEqual([1, 2, 3]);
    expect(view.budget).toBe(650_000);
    const log = await t.call(tenderApi.listTenderLog, { tenderId: id }, token.manager);
    expect(log.body.data.list[0].before.lots).toHaveLength(3);
    expect(log.body.data.list[0].after.lots[0].lotId).toBe(c!.id);
    // Without `lots`: the stored three are the measure, and the budget stays their sum.
    refusal(
      await t.call(tenderApi.updateTtender, { id, maxLotsPerWinner: 5 }, token.manager),
      'maxLotsPerWinner',
      /（3）/,
    );
    expect(
      (await t.call(tenderApi.updateTtender, { id, maxLotsPerWinner: 3, budget: 1 }, token.manager))
        .body.code,
    ).toBe(0);
    expect(await detail(id)).toMatchObject({ maxLotsPerWinner: 3, budget: 650_000 });
    // A lot of another tender is refused, and nothing of the update is kept.
    const other = await created();
    const [foreign] = await lotRows(other);
    const stolen = await t.call(
      tenderApi.updateTtender,
      { id, title: '不应保存', lots: [{ lotId: foreign!.id, name: 'x', budget: 1 }] },
      token.manager,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.errorMsg).toMatch(/不属于该招标/);
    expect((await detail(id)).title).not.toBe('不应保存');
    // Removing a lot from a draft is fine.
    expect(
      (
        await t.call(
          tenderApi.updateTtender,
          { id, maxLotsPerWinner: null, lots: [{ lotId: a!.id, name: a!.name, budget: 300_000 }] },
          token.manager,
        )
      ).body.code,
    ).toBe(0);
    expect((await lotRows(id)).map((l) => l.id)).toEqual([a!.id]);
    // A lot written around the rules is refused at publish.
    await t.database.db.update(lots).set({ bidBond: '9000.00' }).where(eq(lots.id, a!.id));
    refusal(await t.call(tenderApi.publishTtender, { id }, token.manager), 'lots.0.bidBond', /2%/);
    expect((await detail(id)).status).toBe('draft');
  });
});

describe('lots after publishing', () => {
  it('shows lots to the public and to bidders without their minimum of bids', async () => {
    const id = await published({ title: '标段公开检查', maxLotsPerWinner: 1 });
    const search = await t.call(tenderApi.searchTenderMsg, { keyword: '标段公开检查' });
    expect(search.body.data.list).toMatchObject([{ id, lotCount: 3 }]);
    const pub = (await t.call(tenderApi.getTenderMsgById, { id })).body.data;
    expect(pub).toMatchObject({ lotCount: 3, maxLotsPerWinner: 1 });
    expect(pub.lots).toMatchObject([
      { lotNo: 1, name: '35kV 开关柜', bidBond: 6_000, status: 'published' },
      { lotNo: 2 },
      { lotNo: 3 },
    ]);
    const open = await t.call(
      tenderApi.listOpenTtender,
      { keyword: '标段公开检查' },
      token.bidder1,
    );
    expect(open.body.data.list[0].lots).toHaveLength(3);
    expect(open.body.data.list[0].participation.lotIds).toEqual([]);
    const mine = await detail(id, 'bidder1');
    expect(mine.lots).toHaveLength(3);
    for (const answer of [search.body, pub, open.body, mine])
      expect(JSON.stringify(answer)).not.toMatch(/minBids/);
  });

  it('signs up for all lots by default, for a subset, adds lots later, and refuses a foreign or failed lot', async () => {
    const id = await published();
    const [a, b, c] = await lotRows(id);
    const all = await t.call(tenderApi.addSupplyTtender, { tenderId: id }, token.bidder1);
    expect(all.body.data).toMatchObject({ alreadySignedUp: false, lotIds: [a!.id, b!.id, c!.id] });
    const some = await t.call(
      tenderApi.addSupplyTtender,
      { tenderId: id, lotIds: `${c!.id}` },
      token.bidder2,
    );
    expect(some.body.data.lotIds).toEqual([c!.id]);
    // Read (and cached) before lots are added: adding them is seen at once.
    expect((await detail(id, 'bidder2')).participation.lotIds).toEqual([c!.id]);
    const more = await t.call(
      tenderApi.addSupplyTtender,
      { tenderId: id, lotIds: `${a!.id},${c!.id}` },
      token.bidder2,
    );
    expect(more.body.data).toMatchObject({ alreadySignedUp: true, lotIds: [a!.id, c!.id] });
    expect((await detail(id, 'bidder2')).participation.lotIds).toEqual([a!.id, c!.id]);

    const other = await published();
    const [foreign] = await lotRows(other);
    const bidder2 = await supplierIdOf(t, COMPANY.bidder2);
    const stored = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(participationLots)
          .where(eq(participationLots.supplierId, bidder2))
      )[0]!.n;
    const n = await stored();
    refusal(
      await t.call(
        tenderApi.addSupplyTtender,
        { tenderId: other, lotIds: `${foreign!.id},${a!.id}` },
        token.bidder2,
      ),
      'lotIds',
      /不属于该招标/,
    );
    // Nothing half-saved: no participation, no lot of it.
    expect(await stored()).toBe(n);
    expect((await detail(other, 'bidder2')).participation.signedUp).toBe(false);
    await t.database.db.update(lots).set({ status: 'failed' }).where(eq(lots.id, foreign!.id));
    refusal(
      await t.call(
        tenderApi.addSupplyTtender,
        { tenderId: other, lotIds: `${foreign!.id}` },
        token.bidder2,
      ),
      'lotIds',
      /已流标/,
    );
  });

  it('amends lots by lotId, re-sums the budget, refuses adding or removing a lot or a foreign one', async () => {
    const id = await published();
    const [a, b, c] = await lotRows(id);
    const keep = (row: typeof a, extra: Record<string, unknown> = {}) => ({
      lotId: row!.id,
      name: row!.name,
      budget: Number(row!.budget),
      bidBond: Number(row!.bidBond),
      ...extra,
    });
    const amend = (body: Record<string, unknown>) =>
      t.call(tenderApi.amendTtender, { id, reason: '调整标段', ...body }, token.manager);
    const before = await amendmentCount(id);
    refusal(
      await amend({ lots: [keep(a), keep(b)] }),
      'lots',
      /招标发布后不能增减标段，请修改标段或终止招标/,
    );
    refusal(
      await amend({ lots: [keep(a), keep(b), keep(c), lot('新标段', 1000)] }),
      'lots',
      /不能增减标段/,
    );
    refusal(
      await amend({ lots: [keep(a), keep(b), { ...keep(c), lotId: 999_999 }] }),
      'lots.2.lotId',
      /标段 999999 不属于该招标/,
    );
    refusal(await amend({ title: 'x', lotIds: '999999' }), 'lotIds', /不属于该招标/);
    refusal(
      await amend({ lots: [keep(a, { bidBond: 7_000 }), keep(b), keep(c)] }),
      'lots.0.bidBond',
      /2%/,
    );
    expect(await amendmentCount(id)).toBe(before);
    expect((await lotRows(id)).map((l) => l.bidBond)).toEqual(['6000.00', '0.00', '0.00']);

    const ok = await amend({ lots: [keep(a), keep(b, { budget: 250_000 }), keep(c)] });
    expect(ok.body.errorMsg ?? null).toBeNull();
    expect(ok.body.data.changes.map((ch: { field: string }) => ch.field)).toEqual([
      'budget',
      'lots',
      'lotIds',
    ]);
    const view = await detail(id);
    expect(view.budget).toBe(650_000);
    expect(view.lots.map((l: { lotId: number; budget: number }) => [l.lotId, l.budget])).toEqual([
      [a!.id, 300_000],
      [b!.id, 250_000],
      [c!.id, 100_000],
    ]);
  });

  it('asks only the bids on the amended lots to re-confirm', async () => {
    const id = await published();
    const [a, b, c] = await lotRows(id);
    const supplierId = await supplierIdOf(t, COMPANY.bidder1);
    // Bid rows written straight in (modules/bids has its own tests of submitting per lot).
    await t.database.db.insert(bids).values(
      [a!, b!, c!].map((row) => ({
        tenderId: id,
        lotId: row.id,
        supplierId,
        revision: 1,
        status: 'submitted' as const,
        submittedAt: now(),
        submittedBy: 1,
      })),
    );
    const reply = await t.call(
      tenderApi.amendTtender,
      {
        id,
        reason: '补充技术要求',
        documentIds: [],
        lotIds: `${b!.id},${c!.id}`,
        bidValidityDays: 80,
      },
      token.manager,
    );
    expect(reply.body.errorMsg ?? null).toBeNull();
    // bidValidityDays alone is not a bid term: nothing to re-confirm yet.
    const flags = async () =>
      (
        await t.database.db
          .select({ lotId: bids.lotId, needsReconfirm: bids.needsReconfirm })
          .from(bids)
          .where(eq(bids.tenderId, id))
          .orderBy(bids.lotId)
      ).map((r) => [r.lotId, r.needsReconfirm]);
    expect(await flags()).toEqual([
      [a!.id, false],
      [b!.id, false],
      [c!.id, false],
    ]);
    const moved = await t.call(
      tenderApi.amendTtender,
      {
        id,
        reason: '延期',
        lotIds: `${b!.id},${c!.id}`,
        bidDeadline: new Date(now().getTime() + 30 * 86400_000).toISOString(),
      },
      token.manager,
    );
    expect(moved.body.errorMsg ?? null).toBeNull();
    expect(moved.body.data.changes).toContainEqual({
      field: 'lotIds',
      before: null,
      after: [b!.id, c!.id],
    });
    expect(await flags()).toEqual([
      [a!.id, false],
      [b!.id, true],
      [c!.id, true],
    ]);
    const [record] = await t.database.db
      .select({ changes: amendments.changes })
      .from(amendments)
      .where(and(eq(amendments.tenderId, id), eq(amendments.number, 2)));
    expect(record!.changes).toContainEqual({
      field: 'lotIds',
      before: null,
      after: [b!.id, c!.id],
    });
  });
});

describe('re-tender', () => {
  it('starts the failed lots of an opened tender again as a new draft, renumbered', async () => {
    const id = await published({ maxLotsPerWinner: 3 });
    const [a, b, c] = await lotRows(id);
    // The opening (modules/bids) failed lots 1 and 3 alone; lot 2 was opened.
    await t.database.db.update(tenders).set({ status: 'opened' }).where(eq(tenders.id, id));
    for (const row of [a!, c!])
      await t.database.db.update(lots).set({ status: 'failed' }).where(eq(lots.id, row.id));
    const before = await tenderCount();
    refusal(
      await t.call(tenderApi.retenderTtender, { id, lotIds: [b!.id] }, token.manager),
      'lotIds',
      /未流标/,
    );
    const other = await created();
    const [foreign] = await lotRows(other);
    refusal(
      await t.call(tenderApi.retenderTtender, { id, lotIds: [foreign!.id] }, token.manager),
      'lotIds',
      /不属于该招标/,
    );
    expect(await tenderCount()).toBe(before + 1);

    const again = await t.call(tenderApi.retenderTtender, { id }, token.manager);
    expect(again.body.errorMsg ?? null).toBeNull();
    const draft = await detail(again.body.data.id);
    expect(draft).toMatchObject({
      status: 'draft',
      retenderOf: id,
      budget: 400_000,
      lotCount: 2,
      maxLotsPerWinner: 2,
    });
    expect(draft.lots).toMatchObject([
      { lotNo: 1, name: a!.name, budget: 300_000, bidBond: 6_000, status: 'draft' },
      { lotNo: 2, name: c!.name, quantity: '2 台' },
    ]);
    expect(draft.lots.map((l: { lotId: number }) => l.lotId)).not.toContain(a!.id);

    const one = await t.call(tenderApi.retenderTtender, { id, lotIds: [c!.id] }, token.manager);
    expect((await detail(one.body.data.id)).lots).toMatchObject([{ lotNo: 1, name: c!.name }]);
    expect((await detail(id)).lots.map((l: { status: string }) => l.status)).toEqual([
      'failed',
      'opened',
      'failed',
    ]);
  });

  it('starts every lot (or the chosen ones) of a cancelled tender again', async () => {
    const id = await published();
    const [, b] = await lotRows(id);
    await t.call(tenderApi.cancelTtender, { id, reason: '需求变更' }, token.manager);
    const all = await t.call(tenderApi.retenderTtender, { id }, token.manager);
    expect((await detail(all.body.data.id)).lotCount).toBe(3);
    const chosen = await t.call(tenderApi.retenderTtender, { id, lotIds: [b!.id] }, token.manager);
    expect(await detail(chosen.body.data.id)).toMatchObject({ lotCount: 1, budget: 200_000 });
  });
});

async function amendmentCount(tenderId: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(amendments)
    .where(eq(amendments.tenderId, tenderId));
  return row!.n;
}
