import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { testDbKind } from './support/database.js';

/**
 * 0013 turns every tender into a one-lot tender. The fixture is the demo seed of the release
 * before it (schema 0012), dumped with `pg_dump --data-only --inserts`: the upgrade must keep
 * every tender, bid, opening record, award and announcement, each now on the tender's one lot.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.join(here, '..', 'drizzle');
const fixture = readFileSync(path.join(here, 'fixtures', 'demo-at-0012.sql'), 'utf8');

/** The migrations folder as it was at `lastTag` (0012_data_notify). */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Sql {
  rows<T>(text: string): Promise<T[]>;
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openRawDatabase(): Promise<Sql> {
  if (testDbKind === 'pglite') {
    const client = await PGlite.create();
    return {
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (text) => void (await client.exec(text)),
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tender_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    exec: async (text) => void (await client.query(text)),
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

interface Counts {
  tenders: number;
  bids: number;
  participations: number;
  records: number;
  awards: number;
  announcements: number;
}
const countAll = async (db: Sql): Promise<Counts> => {
  const [row] = await db.rows<Record<keyof Counts, string>>(`select
    (select count(*) from tenders) tenders, (select count(*) from bids) bids,
    (select count(*) from participations) participations,
    (select count(*) from opening_records) records, (select count(*) from awards) awards,
    (select count(*) from announcements) announcements`);
  return Object.fromEntries(
    Object.entries(row!).map(([k, v]) => [k, Number(v)]),
  ) as unknown as Counts;
};

describe('migration 0013: every tender becomes a one-lot tender', () => {
  let db: Sql;
  let before: Counts;
  let oldFolder: string;
  let tendersBefore: {
    id: number;
    title: string;
    budget: string;
    price_ceiling: string | null;
    min_bids: number;
    status: string;
  }[];
  let recordsBefore: {
    tender_id: number;
    entries: unknown[];
    valid_count: number;
    failed: boolean;
  }[];

  beforeAll(async () => {
    db = await openRawDatabase();
    oldFolder = migrationsUpTo('0012_data_notify');
    await db.migrate(oldFolder);
    // The migrations start the audit chain; the dump carries the demo's own head.
    await db.exec('delete from audit_chain_head');
    await db.exec(fixture);
    // The dump empties the search path for its own statements.
    await db.exec('set search_path = public');
    before = await countAll(db);
    tendersBefore = await db.rows(
      'select id, title, budget, price_ceiling, min_bids, status from tenders order by id',
    );
    recordsBefore = await db.rows(
      'select tender_id, entries, valid_count, failed from opening_records order by tender_id',
    );
    await db.migrate(migrations);
  });
  afterAll(async () => {
    await db?.close();
    if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
  });

  it('the fixture is a real demo: tenders in every stage, bids, records, an award, announcements', () => {
    expect(before.tenders).toBeGreaterThan(30);
    expect(before.bids).toBeGreaterThan(10);
    expect(before.records).toBeGreaterThan(2);
    expect(before.awards).toBeGreaterThan(0);
    expect(before.announcements).toBeGreaterThan(2);
    expect([...new Set(tendersBefore.map((t) => t.status))]).toEqual(
      expect.arrayContaining(['draft', 'published', 'cancelled', 'opened', 'awarded', 'failed']),
    );
  });

  it('keeps every row and gives each tender exactly one lot with its budget, ceiling and minimum', async () => {
    expect(await countAll(db)).toEqual(before);
    const lots = await db.rows<{
      tender_id: number;
      lot_no: number;
      name: string;
      budget: string;
      price_ceiling: string | null;
      min_bids: number;
      status: string;
    }>(
      'select tender_id, lot_no, name, budget, price_ceiling, min_bids, status from lots order by tender_id',
    );
    expect(lots).toHaveLength(tendersBefore.length);
    for (const [i, tender] of tendersBefore.entries()) {
      expect(lots[i]).toEqual({
        tender_id: tender.id,
        lot_no: 1,
        name: tender.title,
        budget: tender.budget,
        price_ceiling: tender.price_ceiling,
        min_bids: tender.min_bids,
        status:
          tender.status === 'failed' || tender.status === 'awarded' ? tender.status : 'active',
      });
    }
  });

  it('puts every bid, sign-up, award and announcement on its tender’s lot', async () => {
    const strays = await db.rows<{ kind: string; n: string }>(`
      select 'bids' kind, count(*) n from bids b join lots l on l.id = b.lot_id where l.tender_id <> b.tender_id
      union all select 'awards', count(*) from awards a join lots l on l.id = a.lot_id where l.tender_id <> a.tender_id
      union all select 'announcements', count(*) from announcements a join lots l on l.id = a.lot_id where l.tender_id <> a.tender_id
      union all select 'missing sign-up lots', count(*) from participations p
        where not exists (select 1 from participation_lots pl where pl.tender_id = p.tender_id and pl.supplier_id = p.supplier_id)`);
    for (const row of strays) expect([row.kind, Number(row.n)]).toEqual([row.kind, 0]);
  });

  it('tells each opening record entry its lot and gives the record its one section, changing nothing else', async () => {
    const after = await db.rows<{
      tender_id: number;
      entries: Record<string, unknown>[];
      lots: unknown[];
      valid_count: number;
      failed: boolean;
      lot_id: number;
      lot_name: string;
    }>(`select r.tender_id, r.entries, r.lots, r.valid_count, r.failed, l.id lot_id, l.name lot_name
        from opening_records r join lots l on l.tender_id = r.tender_id order by r.tender_id`);
    expect(after).toHaveLength(recordsBefore.length);
    for (const [i, record] of after.entries()) {
      const old = recordsBefore[i]!;
      expect(record.entries).toEqual(
        (old.entries as Record<string, unknown>[]).map((e) => ({ ...e, lotId: record.lot_id })),
      );
      expect(record.lots).toEqual([
        {
          lotId: record.lot_id,
          lotNo: 1,
          name: record.lot_name,
          minBids: expect.any(Number),
          validCount: old.valid_count,
          failed: old.failed,
        },
      ]);
    }
  });

  it('leaves the record immutable after the upgrade', async () => {
    await expect(db.exec('update opening_records set failed = not failed')).rejects.toThrow(
      /immutable/,
    );
  });

  it('refuses a second live bid of one supplier on one lot', async () => {
    await expect(
      db.exec(`insert into bids (tender_id, lot_id, supplier_id, revision, status, submitted_at, submitted_by)
               select tender_id, lot_id, supplier_id, 1, 'submitted', now(), 1 from bids limit 1`),
    ).rejects.toThrow();
  });
});
