// Loads generated tenders into a migrated, seeded database: COPY on PostgreSQL (a stream), COPY
// from a blob on PGlite. The search index is dropped during the load and built once after it,
// as one would for any bulk import.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { TENDER_COPY_COLUMNS, tenderLines } from './generate.js';

const COPY = `copy tenders (${TENDER_COPY_COLUMNS.join(', ')}) from stdin`;
const CREATE_SEARCH_INDEX = 'create index tenders_search_idx on tenders using gin (search_vector)';

/**
 * bidder1's company, as a bidder of some years' standing: invited to one in twenty of the invited
 * tenders (so its 招标信息 holds invited ones beside the open ones) and signed up for one in five
 * hundred of the tenders it may see, after publication. Run after the tenders are loaded.
 */
const BIDDER_TAKES_PART = [
  `insert into tender_invitations (tender_id, supplier_id)
   select t.id, u.supplier_id from tenders t, users u
   where u.username = 'bidder1' and t.procurement_method <> 'open' and t.status <> 'draft'
     and t.id % 20 = 0`,
  `insert into participations (tender_id, supplier_id, user_id, created_at)
   select t.id, u.supplier_id, u.id, t.published_at + interval '1 day' from tenders t, users u
   where u.username = 'bidder1' and t.status <> 'draft' and t.id % 500 = 0
     and (t.procurement_method = 'open'
          or exists (select 1 from tender_invitations i where i.tender_id = t.id and i.supplier_id = u.supplier_id))
   on conflict do nothing`,
];

/** Two COPY streams at once: the database parses one while this process writes the other. */
const STREAMS = 2;

export async function loadTendersPg(url: string, count: number, now: Date) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select id from users where username = 'manager'`,
    );
    const createdBy = rows[0]!.id;
    await client.query('drop index if exists tenders_search_idx');
    const share = Math.ceil(count / STREAMS);
    await Promise.all(
      Array.from({ length: STREAMS }, async (_, n) => {
        const copier = new pg.Client({ connectionString: url });
        await copier.connect();
        try {
          const lines = tenderLines(
            n * share,
            Math.min(count, (n + 1) * share),
            count,
            now,
            createdBy,
          );
          await pipeline(Readable.from(lines), copier.query(copyFrom(COPY)));
        } finally {
          await copier.end();
        }
      }),
    );
    for (const statement of BIDDER_TAKES_PART) await client.query(statement);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(CREATE_SEARCH_INDEX);
    await client.query('vacuum analyze tenders, tender_invitations, participations');
  } finally {
    await client.end();
  }
}

export async function loadTendersPglite(client: PGlite, count: number, now: Date) {
  const { rows } = await client.query<{ id: number }>(
    `select id from users where username = 'manager'`,
  );
  const createdBy = rows[0]!.id;
  await client.exec('drop index if exists tenders_search_idx');
  const CHUNK = 10_000;
  for (let start = 0; start < count; start += CHUNK) {
    const lines = [...tenderLines(start, Math.min(count, start + CHUNK), count, now, createdBy)];
    await client.query(`copy tenders (${TENDER_COPY_COLUMNS.join(', ')}) from '/dev/blob'`, [], {
      blob: new Blob(lines),
    });
  }
  for (const statement of BIDDER_TAKES_PART) await client.exec(statement);
  await client.exec(CREATE_SEARCH_INDEX);
  await client.exec('vacuum analyze tenders, tender_invitations, participations');
}
