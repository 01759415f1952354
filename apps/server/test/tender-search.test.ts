import { and, asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderApi } from '@tender/contracts';
import { tenders } from '../src/db/schema/index.js';
import {
  containsPattern,
  keywordCondition,
  searchTextOf,
  searchVectorSql,
} from '../src/lib/search-index.js';
import { publiclyVisible } from '../src/modules/tenders/queries.js';
import { searchPublic } from '../src/modules/tenders/reads.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
const clock = new TestClock();

const CN = [
  '变压器',
  '开关柜',
  '电缆',
  '电能表',
  '保护装置',
  '光伏逆变器',
  '储能',
  '断路器',
  '互感器',
  '箱式变电站',
  '国网',
  '华东',
  '采购',
  '项目',
  '二期',
  '扩建',
  '配套',
  '检修',
];
const EN = [
  'Transformer',
  'GIS',
  'cable',
  'Smart Meter',
  'inverter',
  'PV',
  'relay',
  '110kV',
  '35kV',
  '10%_off',
  "O'Brien",
];
const STATUSES = ['draft', 'published', 'published', 'published', 'cancelled', 'failed'] as const;

/** Deterministic pseudo-random, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const now = clock.now();
  const rows = [];
  for (let i = 0; i < 3000; i++) {
    const words = Array.from({ length: 2 + Math.floor(next() * 4) }, () =>
      pick(next() < 0.7 ? CN : EN),
    );
    const title = words.join(next() < 0.5 ? '' : ' ');
    const status = pick(STATUSES);
    const tenderNo = `ZB-2000-${String(i + 1).padStart(6, '0')}`;
    const description = `<p>${pick(CN)}${pick(EN)} 第${i}批</p>`;
    const searchText = searchTextOf([
      title,
      tenderNo,
      'transformer',
      'east',
      description.replace(/<[^>]+>/g, ''),
    ]);
    rows.push({
      tenderNo,
      title,
      category: 'transformer',
      procurementMethod: next() < 0.9 ? ('open' as const) : ('invited' as const),
      budget: '1000.00',
      region: 'east',
      description,
      bidDeadline: new Date(now.getTime() + (next() - 0.3) * 30 * 86_400_000),
      openingAt: new Date(now.getTime() + 40 * 86_400_000),
      status,
      publishedAt: status === 'draft' ? null : new Date(now.getTime() - i * 60_000),
      createdBy: 1,
      searchText,
      searchVector: searchVectorSql(searchText),
    });
  }
  for (let i = 0; i < rows.length; i += 250)
    await t.database.db.insert(tenders).values(rows.slice(i, i + 250));
  await t.database.db.execute(sql`analyze tenders`);
}, 120_000);
afterAll(() => t.close());

const KEYWORDS = [
  '变',
  '缆',
  '电缆',
  '能表',
  '变压器',
  '光伏逆变器',
  '箱式变电站',
  '变电',
  '压器开',
  'g',
  'gis',
  'cable',
  'smart meter',
  'SMART',
  '110kv',
  '10%_',
  '%',
  '_',
  "o'brien",
  "'",
  '\\',
  '第1',
  '二期扩建',
  'zb-2000-0001',
  '不存在的词',
];

async function likeIds(keyword: string) {
  const rows = await t.database.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(
      and(
        publiclyVisible,
        sql`${tenders.searchText} like ${containsPattern(keyword.toLowerCase())} escape '\\'`,
      ),
    )
    .orderBy(asc(tenders.id));
  return rows.map((r) => r.id);
}

async function indexIds(keyword: string) {
  const rows = await t.database.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(publiclyVisible, keywordCondition(keyword)))
    .orderBy(asc(tenders.id));
  return rows.map((r) => r.id);
}

describe('public search', () => {
  it('answers exactly what a plain LIKE answers, for 1-, 2- and 3+-character keywords', async () => {
    for (const keyword of KEYWORDS) {
      const expected = await likeIds(keyword);
      expect(await indexIds(keyword), keyword).toEqual(expected);
      const page = await t.call(tenderApi.searchTenderMsg, { keyword, pageSize: 100 });
      const ids = page.body.data.list.map((r: { id: number }) => r.id);
      // A common keyword's page comes from the newest tenders, its total then a lower bound.
      if (page.body.data.totalIsMinimum) {
        expect(page.body.data.total, keyword).toBeLessThanOrEqual(expected.length);
        expect(page.body.data.total, keyword).toBeGreaterThanOrEqual(ids.length);
      } else expect(page.body.data.total, keyword).toBe(expected.length);
      expect(ids.length, keyword).toBe(Math.min(100, expected.length));
      expect([...ids].sort((a, b) => a - b).every((id: number) => expected.includes(id))).toBe(
        true,
      );
    }
    expect((await likeIds('变')).length).toBeGreaterThan(100);
    expect((await likeIds('不存在的词')).length).toBe(0);
  });

  // The keyword alone: with the other filters the planner may rightly prefer another index
  // for a very common character (published_at), which is no seq scan either.
  it('uses tenders_search_idx for every keyword length', async () => {
    for (const keyword of ['变', '电缆', '光伏逆变器', 'gis']) {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select id from ${tenders} where ${keywordCondition(keyword)}`,
        );
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      expect(plan, keyword).toContain('tenders_search_idx');
    }
  });

  it('filters by status on the clock, region and publication dates, newest first, never drafts or invited tenders', async () => {
    const all = await t.call(tenderApi.searchTenderMsg, { pageSize: 100 });
    const list = all.body.data.list as {
      publishedAt: string;
      status: string;
      procurementMethod: string;
    }[];
    expect(list.every((r) => r.status !== 'draft' && r.procurementMethod === 'open')).toBe(true);
    const times = list.map((r) => r.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const closed = await t.call(tenderApi.searchTenderMsg, { status: 'closed', pageSize: 100 });
    expect(closed.body.data.total).toBeGreaterThan(0);
    expect(closed.body.data.list.every((r: { status: string }) => r.status === 'closed')).toBe(
      true,
    );
    const from = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
    const recent = await t.call(tenderApi.searchTenderMsg, { from, pageSize: 100 });
    expect(recent.body.data.total).toBeLessThanOrEqual(11);
    expect((await t.call(tenderApi.searchTenderMsg, { region: 'north' })).body.data.total).toBe(0);
  });

  it('pages exactly from the newest tenders first, the total then a true lower bound', async () => {
    for (const keyword of ['变', '电缆', 'gis', '光伏逆变器', '10%_']) {
      const expected = await t.database.db
        .select({ id: tenders.id })
        .from(tenders)
        .where(
          and(
            publiclyVisible,
            sql`${tenders.searchText} like ${containsPattern(keyword.toLowerCase())} escape '\\'`,
          ),
        )
        .orderBy(sql`${tenders.publishedAt} desc, ${tenders.id} desc`);
      for (const pageNum of [1, 2, 4]) {
        // Windows of 25 and 60 tenders: early pages of common keywords come from them, later
        // ones and rare keywords fall through to the whole table.
        const page = await searchPublic(t.app.deps, { keyword, pageNum, pageSize: 10 }, [25, 60]);
        const ids = expected.slice((pageNum - 1) * 10, pageNum * 10).map((r) => r.id);
        expect(
          page.list.map((r) => r.id),
          `${keyword} page ${pageNum}`,
        ).toEqual(ids);
        if ('totalIsMinimum' in page && page.totalIsMinimum) {
          expect(page.total).toBeLessThanOrEqual(expected.length);
          expect(page.total).toBeGreaterThanOrEqual(pageNum * 10);
        } else {
          expect(page.total, `${keyword} page ${pageNum}`).toBe(expected.length);
        }
      }
    }
  });

  it('keeps a page until the tenders change, the status of each row still on the clock', async () => {
    const search = async () =>
      (await t.call(tenderApi.searchTenderMsg, { keyword: '储能', pageSize: 10 })).body.data as {
        total: number;
        list: { id: number; status: string; title: string; bidDeadline: string }[];
      };
    const first = await search();
    const open = first.list.find((r) => r.status === 'published')!;
    expect(open).toBeDefined();
    // The clock passes its deadline, nothing changes in the database: it reads 已截止 at once.
    const saved = clock.now();
    const past = new Date(open.bidDeadline).getTime() - saved.getTime() + 1_000;
    clock.advance(past / 1000);
    try {
      const later = await search();
      expect(later.list.find((r) => r.id === open.id)?.status).toBe('closed');
    } finally {
      clock.advance(-past / 1000);
    }
    // A change to a tender on the page shows on the next search, and so does a new tender.
    await t.database.db
      .update(tenders)
      .set({ title: `${open.title}（变更）` })
      .where(sql`${tenders.id} = ${open.id}`);
    const renamed = await search();
    expect(renamed.list.find((r) => r.id === open.id)?.title).toBe(`${open.title}（变更）`);
    const searchText = searchTextOf(['新储能项目', 'ZB-2000-999999']);
    const [added] = await t.database.db
      .insert(tenders)
      .values({
        tenderNo: 'ZB-2000-999999',
        title: '新储能项目',
        category: 'transformer',
        procurementMethod: 'open',
        budget: '1000.00',
        region: 'east',
        description: '<p>储能</p>',
        bidDeadline: new Date(clock.now().getTime() + 86_400_000),
        openingAt: new Date(clock.now().getTime() + 2 * 86_400_000),
        status: 'published',
        publishedAt: clock.now(),
        createdBy: 1,
        searchText,
        searchVector: searchVectorSql(searchText),
      })
      .returning({ id: tenders.id });
    const withNew = await search();
    expect(withNew.list[0]!.id).toBe(added!.id);
    await t.database.db.delete(tenders).where(sql`${tenders.id} = ${added!.id}`);
    expect((await search()).list.map((r) => r.id)).toEqual(renamed.list.map((r) => r.id));
  });
});
