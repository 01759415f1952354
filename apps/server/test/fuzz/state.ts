import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/app.js';

/**
 * The fuzz calls every route with valid inputs, as admin too: it may well disable the manager,
 * strip a role of its powers or unbind an interface. Between routes the seeded access rows are
 * put back as they were (rows the fuzz added stay), so each route is fuzzed by callers who can
 * still reach it. Parents first, so foreign keys hold.
 */
const TABLES: { name: string; key: string[] }[] = [
  { name: 'powers', key: ['id'] },
  { name: 'roles', key: ['id'] },
  { name: 'role_powers', key: ['role_id', 'power_id'] },
  { name: 'interfaces', key: ['id'] },
  { name: 'suppliers', key: ['id'] },
  { name: 'users', key: ['id'] },
];

const snapshot = (table: string) => sql.identifier(`fuzz_snapshot_${table}`);

async function columnsOf(t: TestApp, table: string) {
  const result = await t.database.db.execute(
    sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
  );
  return (result as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name);
}

export async function snapshotAccess(t: TestApp) {
  for (const { name } of TABLES)
    await t.database.db.execute(
      sql`create table ${snapshot(name)} as select * from ${sql.identifier(name)}`,
    );
}

export async function restoreAccess(t: TestApp) {
  for (const { name, key } of TABLES) {
    const columns = (await columnsOf(t, name)).filter((c) => !key.includes(c));
    const updates = columns.length
      ? sql`do update set ${sql.join(
          columns.map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`),
          sql`, `,
        )}`
      : sql`do nothing`;
    await t.database.db.execute(sql`
      insert into ${sql.identifier(name)} select * from ${snapshot(name)}
      on conflict (${sql.join(
        key.map((c) => sql.identifier(c)),
        sql`, `,
      )}) ${updates}`);
  }
}
