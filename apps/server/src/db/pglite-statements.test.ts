import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-statements.js';

let client: PGlite;
let db: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  db = withNamedStatements(client);
  await client.exec(`
    create table items (id serial primary key, name text unique not null, price numeric,
      tags text[], meta jsonb, at timestamptz);
    insert into items (name, price, tags, meta, at)
      values ('变压器', 12.50, '{a,b}', '{"k": 1}', '2026-11-25T08:00:00Z'), ('电缆', null, null, null, null);
  `);
});
afterAll(() => client.close());

describe('named statements on PGlite', () => {
  it('answers exactly what PGlite itself answers, for every parameter and column type', async () => {
    const text = `select * from items where ($1::text is null or name = $1) and id = any($2::int[]) and (at is null or at < $3) order by id`;
    for (const params of [
      [null, [1, 2], new Date('2030-01-01')],
      ['电缆', [2], new Date()],
    ]) {
      const ours = await db.query(text, params);
      const theirs = await client.query(text, params);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const arrays = await db.query(`select name from items order by id`, [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['变压器'], ['电缆']]);
    // drizzle's way: the same options object every run, its own parser for timestamps.
    const options = {
      rowMode: 'array' as const,
      parsers: { 1184: (value: string) => `raw ${value}` },
    };
    for (let run = 0; run < 3; run++) {
      const ours = await db.query(`select id, at from items order by id`, [], options);
      const theirs = await client.query(`select id, at from items order by id`, [], options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.rows[0]).toEqual([1, expect.stringMatching(/^raw 2026-11-25 08:00:00/)]);
    }
  });

  it('reports an error with its code and stays usable', async () => {
    const insert = `insert into items (name) values ($1) returning id`;
    await db.query(insert, ['开关柜']);
    await expect(db.query(insert, ['开关柜'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(`select nonsense from items`)).rejects.toMatchObject({ code: '42703' });
    expect((await db.query<{ n: number }>(`select count(*)::int as n from items`)).rows).toEqual([
      { n: 3 },
    ]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let inside!: () => void;
    const held = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into items (name) values ('未提交')`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.rollback();
    });
    await held;
    const seen = await db.query(`select count(*)::int as n from items where name = $1`, ['未提交']);
    await transaction.catch(() => {});
    expect(seen.rows).toEqual([{ n: 0 }]);
  });

  it('delivers the notifications a statement raises', async () => {
    const heard: string[] = [];
    await client.listen('changes', (payload) => heard.push(payload));
    await db.query(`select pg_notify('changes', $1)`, ['users']);
    expect(heard).toEqual(['users']);
  });
});
