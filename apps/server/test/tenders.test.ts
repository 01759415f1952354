import ExcelJS from 'exceljs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, bidApi, tenderApi } from '@tender/contracts';
import { tenders } from '../src/db/schema/index.js';
import { chinaYear } from '../src/modules/tenders/numbering.js';
import { exportedTenderCount, exportedTenders } from '../src/modules/tenders/reads.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { createTender, signUp, supplierIdOf } from './support/bids.js';
import { DAY, draftInput } from './support/tenders.js';

let t: TestApp;
let manager: string;
let bidder1: string;
const clock = new TestClock();
const now = () => clock.now();

beforeAll(async () => {
  t = await startTestApp({ clock });
  manager = await t.login('manager');
  bidder1 = await t.login('bidder1');
});
afterAll(() => t.close());

const tenderCount = async () => (await t.database.db.select({ n: count() }).from(tenders))[0]!.n;

async function created(overrides: Record<string, unknown> = {}, days = 25) {
  const reply = await t.call(tenderApi.insertTtender, draftInput(now(), overrides, days), manager);
  expect(reply.body.errorMsg ?? null).toBeNull();
  return reply.body.data as { id: number; tenderNo: string };
}

async function published(overrides: Record<string, unknown> = {}, days = 25) {
  const { id } = await created(overrides, days);
  const reply = await t.call(tenderApi.publishTtender, { id }, manager);
  expect(reply.body.errorMsg ?? null).toBeNull();
  return id;
}

const detail = async (id: number, token = manager) =>
  (await t.call(tenderApi.getTtenderById, { id }, token)).body.data;

describe('tender drafts', () => {
  it('creates a draft numbered ZB-<year>-000001 with the defaults and a sanitised description', async () => {
    const { id, tenderNo } = await created({
      description: '<p onclick="x()">内容</p><script>alert(1)</script>',
    });
    expect(tenderNo).toBe(`ZB-${chinaYear(now())}-000001`);
    const view = await detail(id);
    expect(view).toMatchObject({
      status: 'draft',
      procurementMethod: 'open',
      currency: 'CNY',
      minBids: 3,
      bidValidityDays: 90,
      description: '<p>内容</p>',
      participation: null,
      documents: [],
    });
    expect(view.openingAt).toBe(view.bidDeadline);
  });

  it('refuses each broken rule naming the field, and saves nothing', async () => {
    const before = await tenderCount();
    const n = now().getTime();
    const at = (days: number) => new Date(n + days * DAY * 1000).toISOString();
    const bidder4Id = (await t.call(tenderApi.getSupplyOption, {}, manager)).body.data.length + 99;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ bidDeadline: at(-1) }, 'bidDeadline', /投标截止时间必须晚于当前时间/],
      [{ openingAt: at(24) }, 'openingAt', /开标时间不能早于投标截止时间/],
      [{ docsUntil: at(26) }, 'docsUntil', /不能晚于投标截止时间/],
      [{ docsFrom: at(-2) }, 'docsFrom', /不能早于发布时间/],
      [{ mandatory: true, bidDeadline: at(19) }, 'bidDeadline', /不得少于 20 日/],
      [{ mandatory: true, docsFrom: at(1), docsUntil: at(4) }, 'docsUntil', /获取期不得少于 5 日/],
      [{ mandatory: true, minBids: 2 }, 'minBids', /最少有效投标数不得少于 3 家/],
      [{ budget: 0 }, 'budget', /必须大于 0/],
      [{ budget: -5 }, 'budget', /必须是数字|必须大于 0/],
      [{ budget: '100.123' }, 'budget', /最多两位小数/],
      [{ priceCeiling: 1_300_000 }, 'priceCeiling', /最高投标限价不能高于预算金额/],
      [{ procurementMethod: 'invited' }, 'invitedSupplierIds', /至少邀请一家供应商/],
      [
        { procurementMethod: 'invited', invitedSupplierIds: [bidder4Id] },
        'invitedSupplierIds',
        /不存在/,
      ],
      [{ category: 'nope' }, 'category', /不是字典/],
      [{ title: 'a\u0000b' }, 'title', /控制字符/],
      [{ title: 'x'.repeat(10_000) }, 'title', /最多 200 个字符/],
      [{ contact: 'x'.repeat(10_000) }, 'contact', /最多 50 个字符/],
    ];
    for (const [overrides, field, message] of cases) {
      const reply = await t.call(tenderApi.insertTtender, draftInput(now(), overrides), manager);
      expect(reply.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(reply.body.errorMsg).toMatch(message);
      expect(JSON.stringify(reply.body)).toContain(field);
    }
    expect(await tenderCount()).toBe(before);
  });

  it('refuses a pending supplier as invitee, and accepts approved ones', async () => {
    const options = (await t.call(tenderApi.getSupplyOption, {}, manager)).body.data;
    expect(options.map((o: { label: string }) => o.label)).not.toContain('西部新能源装备有限公司');
    const pending = await t.database.db.execute(
      "select id from suppliers where status = 'pending' limit 1" as never,
    );
    const pendingId = (pending as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const refused = await t.call(
      tenderApi.insertTtender,
      draftInput(now(), { procurementMethod: 'invited', invitedSupplierIds: [pendingId] }),
      manager,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errorMsg).toMatch(/受邀供应商须已通过审核.*待审核/);
    const { id } = await created({
      procurementMethod: 'invited',
      invitedSupplierIds: [options[0].value],
    });
    expect((await detail(id)).invitedSupplierIds).toEqual([options[0].value]);
  });

  it('edits and deletes drafts only; publishing twice is a conflict; unknown ids are 404', async () => {
    const { id } = await created();
    const edit = await t.call(
      tenderApi.updateTtender,
      { id, title: '新标题', budget: 99 },
      manager,
    );
    expect(edit.body.code).toBe(0);
    expect(await detail(id)).toMatchObject({ title: '新标题', budget: 99, region: 'east' });
    const badEdit = await t.call(tenderApi.updateTtender, { id, priceCeiling: 100 }, manager);
    expect(badEdit.status).toBe(400);
    expect((await t.call(tenderApi.publishTtender, { id }, manager)).body.code).toBe(0);
    const again = await t.call(tenderApi.publishTtender, { id }, manager);
    expect(again.status).toBe(409);
    expect(again.body.errorMsg).toMatch(/已发布.*不能重复发布/);
    const update = await t.call(tenderApi.updateTtender, { id, title: 'x' }, manager);
    expect(update.status).toBe(409);
    expect(update.body.errorMsg).toMatch(/「已发布」/);
    const remove = await t.call(tenderApi.deleteTtender, { id }, manager);
    expect(remove.status).toBe(409);
    for (const route of [tenderApi.publishTtender, tenderApi.getTtenderById])
      expect((await t.call(route, { id: 999_999 }, manager)).status).toBe(404);
    const draft = await created();
    expect((await t.call(tenderApi.deleteTtender, { id: draft.id }, manager)).body.code).toBe(0);
    expect((await t.call(tenderApi.getTtenderById, { id: draft.id }, manager)).status).toBe(404);
  });

  it('publishes a mandatory tender only with 20 days left at publication time', async () => {
    const { id } = await created({ mandatory: true }, 20.001);
    clock.advance(3600);
    const reply = await t.call(tenderApi.publishTtender, { id }, manager);
    expect(reply.status).toBe(400);
    expect(reply.body.errorMsg).toMatch(/^投标截止时间：依法必须招标的项目/);
    expect(reply.body.data.fields[0].field).toBe('bidDeadline');
    expect((await detail(id)).status).toBe('draft');
  });

  it('holds a mandatory tender to three bids at save, publish and amend, and at the opening', async () => {
    const minBidsRefusal = (reply: { status: number; body: { data?: { fields?: unknown[] } } }) => {
      expect(reply.status).toBe(400);
      expect(reply.body.data?.fields).toContainEqual(expect.objectContaining({ field: 'minBids' }));
    };
    const { id: draftId } = await created({ mandatory: true });
    minBidsRefusal(await t.call(tenderApi.updateTtender, { id: draftId, minBids: 1 }, manager));
    // A draft stored before the rule (or written around it) is refused at publish.
    await t.database.db.update(tenders).set({ minBids: 1 }).where(eq(tenders.id, draftId));
    minBidsRefusal(await t.call(tenderApi.publishTtender, { id: draftId }, manager));
    const id = await published({ mandatory: true });
    minBidsRefusal(
      await t.call(tenderApi.amendTtender, { id, reason: '调整', minBids: 2 }, manager),
    );
    expect((await detail(id)).minBids).toBe(3);
    // Other tenders choose any minimum.
    expect((await created({ minBids: 1 })).id).toBeGreaterThan(0);
  });

  it('fails at the opening a mandatory tender stored with a minimum below three', async () => {
    const tenderId = await createTender(t, now(), { mandatory: true, minBids: 1 });
    await signUp(t, tenderId, [await supplierIdOf(t, 'bidder1')]);
    const bid = await t.call(
      bidApi.submitBid,
      { tenderId, totalPrice: 500000, currency: 'CNY', deliveryDays: 30, warrantyMonths: 12 },
      bidder1,
    );
    expect(bid.body.errorMsg ?? null).toBeNull();
    clock.advance(3601);
    expect((await t.call(bidApi.openBids, { id: tenderId }, manager)).body.code).toBe(0);
    const record = (await t.call(bidApi.getOpeningRecord, { tenderId }, manager)).body.data;
    expect(record).toMatchObject({ validCount: 1, minBids: 3, failed: true });
    expect((await detail(tenderId)).status).toBe('failed');
  });

  it('cancels with a reason and re-tenders as a linked draft; the log keeps every change', async () => {
    const id = await published();
    expect((await t.call(tenderApi.retenderTtender, { id }, manager)).body.errorMsg).toMatch(
      /「已发布」/,
    );
    expect(
      (await t.call(tenderApi.cancelTtender, { id, reason: '需求变更' }, manager)).body.code,
    ).toBe(0);
    expect(await detail(id)).toMatchObject({ status: 'cancelled', cancelReason: '需求变更' });
    expect((await t.call(tenderApi.cancelTtender, { id, reason: 'x' }, manager)).status).toBe(409);
    const again = await t.call(tenderApi.retenderTtender, { id }, manager);
    expect(again.body.code).toBe(0);
    expect(await detail(again.body.data.id)).toMatchObject({ status: 'draft', retenderOf: id });
    const log = await t.call(tenderApi.listTenderLog, { tenderId: id }, manager);
    expect(log.body.data.total).toBeGreaterThanOrEqual(4);
  });
});

describe('effective status', () => {
  it('turns closed a second after the deadline in list, detail, filter and search', async () => {
    const id = await published({ title: '截止测试专用标题' }, 60 / DAY);
    const statusIn = async () => {
      const list = await t.call(
        tenderApi.listTtender,
        { keyword: '截止测试专用', pageSize: 100 },
        manager,
      );
      const closed = await t.call(
        tenderApi.listTtender,
        { status: 'closed', pageSize: 100 },
        manager,
      );
      const search = await t.call(tenderApi.searchTenderMsg, { keyword: '截止测试' });
      const publicClosed = await t.call(tenderApi.searchTenderMsg, { status: 'closed' });
      return {
        list: list.body.data.list[0].status,
        detail: (await detail(id)).status,
        filter: closed.body.data.list.some((r: { id: number }) => r.id === id),
        search: search.body.data.list[0].status,
        publicFilter: publicClosed.body.data.list.some((r: { id: number }) => r.id === id),
      };
    };
    clock.advance(59);
    expect(await statusIn()).toEqual({
      list: 'published',
      detail: 'published',
      filter: false,
      search: 'published',
      publicFilter: false,
    });
    clock.advance(2);
    expect(await statusIn()).toEqual({
      list: 'closed',
      detail: 'closed',
      filter: true,
      search: 'closed',
      publicFilter: true,
    });
    const amend = await t.call(tenderApi.amendTtender, { id, reason: '晚了' }, manager);
    expect(amend.status).toBe(409);
    const signUp = await t.call(tenderApi.addSupplyTtender, { tenderId: id }, bidder1);
    expect(signUp.status).toBe(409);
    expect(signUp.body.errorMsg).toBe('已过投标截止时间，不能报名');
  });
});

describe('numbering', () => {
  it('gives 50 tenders created at once 50 distinct numbers without gaps', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call(tenderApi.insertTtender, draftInput(now(), { title: `并发 ${i}` }), manager),
      ),
    );
    const numbers = replies.map((r) => {
      expect(r.body.errorMsg ?? null).toBeNull();
      return Number((r.body.data.tenderNo as string).split('-')[2]);
    });
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(sorted).size).toBe(50);
    expect(sorted[49]! - sorted[0]!).toBe(49);
    const [max] = await t.database.db
      .select({ n: count() })
      .from(tenders)
      .where(eq(tenders.tenderNo, `ZB-${chinaYear(now())}-${String(sorted[49]).padStart(6, '0')}`));
    expect(max!.n).toBe(1);
  });
});

describe('export', () => {
  it('streams every filtered tender once, in list order, across batches and equal times', async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await created({ title: `分批导出测试 ${i}` })).id);
    // Times PostgreSQL keeps to the microsecond: a batch that resumed from a JavaScript Date
    // (milliseconds) would skip the rows between .123000 and .123456.
    const times = ['.123456', '.123456', '.123400', '.123000', '.123000', '.122999', '.124'];
    for (const [i, id] of ids.entries())
      await t.database.db
        .update(tenders)
        .set({ createdAt: sql`${`2026-03-01 08:00:00${times[i]}+08`}::timestamptz` })
        .where(eq(tenders.id, id));
    const filters = { keyword: '分批导出测试' };
    const list = await t.call(tenderApi.listTtender, { ...filters, pageSize: 100 }, manager);
    const listed = list.body.data.list.map((r: { id: number }) => r.id);
    expect(listed).toHaveLength(7);
    const exported: number[] = [];
    for await (const rows of exportedTenders(t.app.deps, filters, 2))
      exported.push(...rows.map((r) => r.id));
    expect(exported).toEqual(listed);
    expect(await exportedTenderCount(t.app.deps, filters)).toBe(7);

    const reply = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${tenderApi.exportTtender.path}`,
      query: filters,
      headers: { authorization: manager },
    });
    expect(reply.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('招标列表')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('招标编号');
    const numbers = sheet.getColumn(1).values.slice(2);
    const expected = await Promise.all(
      listed.map(async (id: number) => (await detail(id)).tenderNo),
    );
    expect(numbers).toEqual(expected);
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
  });
});
