import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderApi } from '@tender/contracts';
import { participations, tenderInvitations, tenders, users } from '../src/db/schema/index.js';
import { searchTextOf, searchVectorSql } from '../src/lib/search-index.js';
import { listTenders } from '../src/modules/tenders/reads.js';
import { listOpenTenders } from '../src/modules/tenders/sign-up.js';
import { admitsSql } from '../src/modules/tenders/method.js';
import { tenderFilterWhere, type TenderFilters } from '../src/modules/tenders/queries.js';
import type { AuthUser } from '../src/plugins/auth.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { DAY } from './support/tenders.js';

/*
 * 招标管理's and 招标信息's totals: a keyword or a status on the clock is counted only up to a
 * bound past the page, a keyword first in a window of rows without its index (both small here:
 * SMALL), and then the page says the total is a minimum.
 * Every page must be the same rows as an unbounded query gives, and every total either exact or
 * flagged and a true lower bound that still holds the page.
 */

let t: TestApp;
const clock = new TestClock();
let manager: string;
let bidder1: string;
let bidder1User: AuthUser;
let bidder1UserId: number;
let supplierId: number;

/** A bounded count stops 20 rows on; a keyword is looked for in 50 rows first. */
const SMALL = { step: 20, window: 50, shown: 5, pageWindow: 40 };

const WORDS = ['储能', '变压器', '电缆', '开关柜', '光伏', '断路器'];
const STATUSES = ['draft', 'published', 'published', 'published', 'opened', 'cancelled'] as const;

/** Deterministic pseudo-random, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  manager = await t.login('manager');
  bidder1 = await t.login('bidder1');
  const [user] = await t.database.db
    .select({ id: users.id, roleId: users.roleId, supplierId: users.supplierId })
    .from(users)
    .where(eq(users.username, 'bidder1'));
  supplierId = user!.supplierId!;
  bidder1UserId = user!.id;
  bidder1User = {
    userid: user!.id,
    username: 'bidder1',
    realName: 'bidder1',
    roleId: user!.roleId,
    roleName: 'bidder',
    supplierId,
    isAdmin: false,
  };
  const next = random(34);
  const now = clock.now();
  const rows = [];
  for (let i = 0; i < 240; i++) {
    // 储能 in about half of them: with a step of 20 its totals stop at the bound.
    const title = `${next() < 0.5 ? '储能' : ''}${WORDS[Math.floor(next() * WORDS.length)]}项目${i}`;
    const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
    const tenderNo = `ZB-2001-${String(i + 1).padStart(6, '0')}`;
    const searchText = searchTextOf([title, tenderNo, 'transformer', 'east']);
    // Some created at the same moment: the order's tie-break (id) is part of every page.
    const createdAt = new Date(now.getTime() - Math.floor(i / 3) * 60_000);
    rows.push({
      tenderNo,
      title,
      category: next() < 0.5 ? 'transformer' : 'cable',
      procurementMethod: next() < 0.8 ? ('open' as const) : ('invited' as const),
      budget: '1000.00',
      region: 'east',
      description: `<p>${title}</p>`,
      // Published ones: about half closed already, a few closing within the next minutes.
      bidDeadline: new Date(now.getTime() + (next() - 0.5) * 10 * DAY),
      openingAt: new Date(now.getTime() + 20 * DAY),
      status,
      publishedAt: status === 'draft' ? null : createdAt,
      createdBy: 1,
      searchText,
      searchVector: searchVectorSql(searchText),
      createdAt,
      updatedAt: createdAt,
    });
  }
  const ids = await t.database.db.insert(tenders).values(rows).returning({
    id: tenders.id,
    method: tenders.procurementMethod,
    status: tenders.status,
  });
  const invited = ids.filter((r, i) => r.method === 'invited' && i % 2 === 0);
  await t.database.db
    .insert(tenderInvitations)
    .values(invited.map((r) => ({ tenderId: r.id, supplierId })));
  const mayJoin = ids.filter(
    (r) => r.status === 'published' && (r.method === 'open' || invited.includes(r)),
  );
  await t.database.db
    .insert(participations)
    .values(
      mayJoin
        .filter((_, i) => i % 4 === 0)
        .map((r) => ({ tenderId: r.id, supplierId, userId: bidder1UserId })),
    );
  await t.database.db.execute(sql`analyze tenders`);
}, 120_000);
afterAll(() => t.close());

/** The manager's rows for these filters, in list order, by the status's own definition. */
const managerExpected = (filters: TenderFilters) =>
  t.database.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(...tenderFilterWhere(filters, clock.now())))
    .orderBy(desc(tenders.createdAt), desc(tenders.id))
    .then((rows) => rows.map((r) => r.id));

/** The bidder's rows: open ones by nearest deadline, then closed ones latest first. */
async function bidderExpected(filters: { keyword?: string; signedUp?: boolean }) {
  const now = clock.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const signed = sql`exists (select 1 from ${participations} where ${participations.tenderId} = ${tenders.id} and ${participations.supplierId} = ${supplierId})`;
  const rows = await t.database.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(
      and(
        eq(tenders.status, 'published'),
        admitsSql(supplierId),
        ...tenderFilterWhere({ keyword: filters.keyword }, now),
        filters.signedUp === undefined ? undefined : filters.signedUp ? signed : sql`not ${signed}`,
      ),
    )
    .orderBy(
      sql`case when ${tenders.bidDeadline} > ${at} then 0 else 1 end`,
      sql`case when ${tenders.bidDeadline} > ${at} then ${tenders.bidDeadline} end asc`,
      desc(tenders.bidDeadline),
      desc(tenders.id),
    );
  return rows.map((r) => r.id);
}

/** A page's total against every row there is: exact, or flagged and a lower bound. */
function expectTotal(
  page: { total: number; totalIsMinimum?: boolean; list: unknown[] },
  expected: number[],
  offset: number,
  what: string,
) {
  if (page.totalIsMinimum) {
    expect(page.total, what).toBeLessThanOrEqual(expected.length);
    expect(page.total, what).toBeGreaterThanOrEqual(offset + page.list.length);
  } else {
    expect(page.total, what).toBe(expected.length);
  }
}

const MANAGER_FILTERS: TenderFilters[] = [
  {},
  { keyword: '储能' },
  { keyword: '储能变压器' },
  { keyword: '断路' },
  { keyword: 'zb-2001-0001' },
  { status: 'closed' },
  { status: 'published' },
  { status: 'opened' },
  { status: 'draft' },
  { keyword: '储能', status: 'closed' },
  { keyword: '储能', category: 'cable' },
  { category: 'transformer', status: 'closed' },
];

describe('招标管理: bounded totals', () => {
  it('pages exactly, the total exact or a flagged lower bound, for every filter', async () => {
    let minimums = 0;
    for (const filters of MANAGER_FILTERS) {
      const expected = await managerExpected(filters);
      for (const pageNum of [1, 2, 3, 5]) {
        const query = { ...filters, pageNum, pageSize: 10 };
        const what = `${JSON.stringify(filters)} page ${pageNum}`;
        const page = await listTenders(t.app.deps, query, SMALL);
        const offset = (pageNum - 1) * 10;
        expect(
          page.list.map((r) => r.id),
          what,
        ).toEqual(expected.slice(offset, offset + 10));
        expectTotal(page, expected, offset, what);
        if (page.totalIsMinimum) {
          minimums++;
          // The bound reaches past the page: the pager goes on to the next one.
          expect(page.total, what).toBeGreaterThan(offset + 10);
        }
        // Without a keyword or a status on the clock the total is always counted in full.
        if (!filters.keyword && !['closed', 'published', 'opened'].includes(filters.status ?? ''))
          expect(page.totalIsMinimum, what).toBeUndefined();
      }
    }
    // The bound was reached (储能 is in about half the tenders), so both branches ran; its first
    // page's total is the matches in the window of 50 rows.
    expect(minimums).toBeGreaterThan(4);
    const common = await listTenders(
      t.app.deps,
      { keyword: '储能', pageNum: 1, pageSize: 10 },
      SMALL,
    );
    expect(common.totalIsMinimum).toBe(true);
    expect(common.total).toBeLessThan(50);
  });

  it('answers exact totals over HTTP while they are below the bound', async () => {
    for (const filters of MANAGER_FILTERS) {
      const expected = await managerExpected(filters);
      const reply = await t.call(tenderApi.listTtender, { ...filters, pageSize: 10 }, manager);
      expect(reply.status).toBe(200);
      expect(reply.body.data.total, JSON.stringify(filters)).toBe(expected.length);
      expect(reply.body.data.totalIsMinimum).toBeUndefined();
    }
  });

  it('counts 已截止 again when a deadline passes, bounded or not', async () => {
    const closingSoon = await t.database.db
      .select({ id: tenders.id, deadline: tenders.bidDeadline })
      .from(tenders)
      .where(
        and(
          eq(tenders.status, 'published'),
          sql`${tenders.bidDeadline} > ${clock.now().toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(tenders.bidDeadline))
      .limit(1);
    const before = await t.call(tenderApi.listTtender, { status: 'closed' }, manager);
    const bounded = await listTenders(
      t.app.deps,
      { status: 'closed', pageNum: 1, pageSize: 10 },
      SMALL,
    );
    expect(bounded.totalIsMinimum).toBe(true);
    clock.advance((closingSoon[0]!.deadline.getTime() - clock.now().getTime()) / 1000 + 1);
    const after = await t.call(tenderApi.listTtender, { status: 'closed' }, manager);
    expect(after.body.data.total).toBe(before.body.data.total + 1);
    expect(after.body.data.list[0]).toBeDefined();
    const expected = await managerExpected({ status: 'closed' });
    expect(after.body.data.total).toBe(expected.length);
    const open = await t.call(tenderApi.listTtender, { status: 'published' }, manager);
    expect(open.body.data.total).toBe((await managerExpected({ status: 'published' })).length);
  });
});

describe('招标信息: bounded totals', () => {
  it('pages exactly, the total exact or a flagged lower bound, with and without sign-ups', async () => {
    let minimums = 0;
    const variants = [
      {},
      { keyword: '储能' },
      { keyword: '储能', signedUp: false },
      { keyword: '储能', signedUp: true },
      { keyword: '电缆' },
      { signedUp: true },
      { signedUp: false },
    ];
    for (const filters of variants) {
      const expected = await bidderExpected(filters);
      for (const pageNum of [1, 2, 4]) {
        const what = `${JSON.stringify(filters)} page ${pageNum}`;
        const offset = (pageNum - 1) * 10;
        const page = await listOpenTenders(
          t.app.deps,
          { ...filters, pageNum, pageSize: 10 },
          bidder1User,
          SMALL,
        );
        expect(
          page.list.map((r) => r.id),
          what,
        ).toEqual(expected.slice(offset, offset + 10));
        expectTotal(page, expected, offset, what);
        if ('totalIsMinimum' in page && page.totalIsMinimum) minimums++;
        if (!filters.keyword) expect('totalIsMinimum' in page, what).toBe(false);
      }
      const reply = await t.call(tenderApi.listOpenTtender, { ...filters, pageSize: 10 }, bidder1);
      expect(reply.body.data.total, JSON.stringify(filters)).toBe(expected.length);
      expect(reply.body.data.totalIsMinimum).toBeUndefined();
    }
    expect(minimums).toBeGreaterThan(2);
  });
});
