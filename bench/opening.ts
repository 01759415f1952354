// The opening (开标) of many sealed bids, `server` seal mode, on PostgreSQL: the bids are sealed
// by the built server itself (each bidder uploads its attachment with purpose=bid and submits
// over HTTP), the tender's deadline and opening time are then moved into the past by SQL (the
// production server refuses a test clock), and open-bids is timed; the record is read back and
// checked: every bid's price, and every attachment's revealed SHA-256 and size.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_BASE, bidApi, fileApi, type OpeningRecord } from '@tender/contracts';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDatabase } from '../apps/server/src/seed/index.js';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/demo.js';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import {
  ADMIN_URL,
  SECRETS,
  SERVE_ARGS,
  SERVER_ENV,
  createDatabase,
  log,
  login,
  quick,
  start,
  type Figure,
  type Running,
  type WorkPath,
} from './harness.js';

interface Shape {
  /** Lots of the tender, and bidders: each bidder bids on every lot. */
  lots: number;
  bidders: number;
  /** One attachment per bid, of this many bytes. */
  attachmentBytes: number;
  targetMs: number;
}

const MB = 1024 * 1024;

/** A real-looking PDF of `size` bytes (the upload checks the type from the bytes). */
function pdfOf(marker: string, size: number) {
  const head = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Marker (${marker}) >>\nendobj\n`, 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  // Incompressible filler: nothing on the way may shortcut a run of equal bytes.
  const filler = Buffer.from(randomBytes(Math.ceil((size - head.length - tail.length) / 2)))
    .toString('hex')
    .slice(0, size - head.length - tail.length);
  return Buffer.concat([head, Buffer.from(filler, 'latin1'), tail]);
}

/** The server process's CPU time (user + system) so far, in ms. */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Runs `work` over the items, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/** A published `server`-mode tender of `lots` lots and its bidders, signed up for every lot. */
async function prepareTender(url: string, shape: Shape, tag: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: managers } = await client.query(
      `select id from users where username = 'manager'`,
    );
    const { rows: tenderRows } = await client.query(
      `insert into tenders (tender_no, title, category, procurement_method, budget, bid_deadline,
         opening_at, min_bids, status, published_at, created_by, seal_mode)
       values ($1, $2, 'energy_storage', 'open', $3, now() + interval '1 day', now() + interval '1 day',
         3, 'published', now() - interval '1 day', $4, 'server')
       returning id`,
      [
        `BENCH-${tag}-${Date.now()}`,
        `开标压测 ${tag}：${shape.lots} 个标段，每标段 ${shape.bidders} 份投标`,
        (shape.lots * 10_000_000).toFixed(2),
        managers[0].id,
      ],
    );
    const tenderId = tenderRows[0].id as number;
    const { rows: lotRows } = await client.query(
      `insert into lots (tender_id, lot_no, name, budget, min_bids)
       select $1, n, '标段 ' || n, 10000000, 3 from generate_series(1, $2::int) n
       returning id, lot_no`,
      [tenderId, shape.lots],
    );
    const lotIds = (lotRows as { id: number; lot_no: number }[])
      .sort((a, b) => a.lot_no - b.lot_no)
      .map((l) => l.id);
    const { rows: roleRows } = await client.query(
      `select id from roles where role_name = 'bidder'`,
    );
    const roleId = roleRows[0].id as number;
    const { rows } = await client.query(
      `with s as (
         insert into suppliers (company_name, credit_code, legal_representative, contact_name, phone, email, status, categories)
         select '开标压测' || $5 || '供应商' || n || '有限公司', 'OPEN' || $5 || lpad(n::text, 12, '0'), '法人' || n, '联系人' || n,
                '1390000' || lpad(n::text, 4, '0'), 'open' || $5 || n || '@example.com', 'approved', '{}'
         from generate_series(1, $1::int) n returning id, company_name
       ), u as (
         insert into users (username, password_hash, real_name, role_id, supplier_id)
         select 'open' || $5 || s.id, 'x', s.company_name, $2, s.id from s returning id, supplier_id
       ), p as (
         insert into participations (tender_id, supplier_id, user_id)
         select $3, u.supplier_id, u.id from u
       ), pl as (
         insert into participation_lots (tender_id, supplier_id, lot_id)
         select $3, u.supplier_id, l from u, unnest($4::int[]) l
       )
       select id, supplier_id from u order by id`,
      [shape.bidders, roleId, tenderId, lotIds, tag.slice(0, 2).toUpperCase()],
    );
    const tokens = createTokenService(SECRETS.JWT_SECRET, 3600);
    const bidders = await Promise.all(
      (rows as { id: number; supplier_id: number }[]).map(async (u) => ({
        supplierId: u.supplier_id,
        token: await tokens.issue({ roleId, userId: u.id, tv: 0 }),
      })),
    );
    return { tenderId, lotIds, bidders };
  } finally {
    await client.end();
  }
}

interface Sent {
  bidId: number;
  lotId: number;
  supplierId: number;
  totalPrice: number;
  file: { id: number; sha256: string; size: number };
}

/** Each bidder uploads its attachment (purpose=bid) and submits, as the browser does. */
async function submitAll(
  base: string,
  prepared: Awaited<ReturnType<typeof prepareTender>>,
  shape: Shape,
): Promise<Sent[]> {
  const jobs = prepared.bidders.flatMap((bidder) =>
    prepared.lotIds.map((lotId) => ({ bidder, lotId })),
  );
  const api = (p: string) => `${base}${API_BASE}${p}`;
  return pool(jobs, 8, async ({ bidder, lotId }, i) => {
    const bytes = pdfOf(`bid ${i}`, shape.attachmentBytes);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), `投标文件-${i}.pdf`);
    const uploaded = await fetch(`${api(fileApi.upload.path)}?purpose=bid`, {
      method: 'POST',
      headers: { authorization: bidder.token },
      body: form,
    });
    const up = (await uploaded.json()) as { code: number; msg?: string; data: { id: number } };
    if (up.code !== 0) throw new Error(`upload ${i}: ${JSON.stringify(up)}`);
    const totalPrice = 1_000_000 + i * 7 + 0.25;
    const response = await fetch(api(bidApi.submitBid.path), {
      method: 'POST',
      headers: { authorization: bidder.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        tenderId: prepared.tenderId,
        lotId,
        totalPrice,
        currency: 'CNY',
        deliveryDays: 30 + (i % 60),
        warrantyMonths: 24,
        remark: `压测投标 ${i}`,
        fileIds: [up.data.id],
      }),
    });
    const body = (await response.json()) as { code: number; data: { bidId: number } };
    if (body.code !== 0) throw new Error(`submit ${i}: ${JSON.stringify(body)}`);
    return {
      bidId: body.data.bidId,
      lotId,
      supplierId: bidder.supplierId,
      totalPrice,
      file: {
        id: up.data.id,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
      },
    };
  });
}

/** What the record and the files table say after the opening, against what was sent. */
async function checkRecord(url: string, record: OpeningRecord, sent: Sent[]) {
  const entryOf = new Map(record.entries.map((e) => [e.bidId, e]));
  const pricesRight = sent.filter((s) => {
    const e = entryOf.get(s.bidId);
    return e && e.valid && e.totalPrice === s.totalPrice && e.lotId === s.lotId;
  }).length;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select b.id as bid_id, b.file_ids, f.id as file_id, f.sha256, f.size
       from bids b join files f on f.id = any(b.file_ids)
       where b.id = any($1::int[])`,
      [sent.map((s) => s.bidId)],
    );
    const byBid = new Map(
      (rows as { bid_id: number; file_id: number; sha256: string; size: number }[]).map((r) => [
        r.bid_id,
        r,
      ]),
    );
    const filesRight = sent.filter((s) => {
      const r = byBid.get(s.bidId);
      return (
        r && r.file_id === s.file.id && r.sha256 === s.file.sha256 && Number(r.size) === s.file.size
      );
    }).length;
    return { entries: record.entries.length, pricesRight, filesRight };
  } finally {
    await client.end();
  }
}

/** One downloaded attachment per lot, as the manager reads it after the opening. */
async function checkDownloads(base: string, token: string, sent: Sent[]) {
  const sample = [...new Map(sent.map((s) => [s.lotId, s])).values()].slice(0, 5);
  let right = 0;
  for (const s of sample) {
    const response = await fetch(`${base}${API_BASE}${fileApi.download.path}?id=${s.file.id}`, {
      headers: { authorization: token },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.ok && createHash('sha256').update(bytes).digest('hex') === s.file.sha256) right++;
  }
  return { downloadsChecked: sample.length, downloadsRight: right };
}

/** A copy of a prepared database (its bids sealed, its deadline past), to open once more. */
async function cloneDatabase(url: string, suffix: string) {
  const source = new URL(url).pathname.slice(1);
  const name = `${source}_${suffix}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source}`);
  } finally {
    await admin.end();
  }
  const clone = new URL(url);
  clone.pathname = `/${name}`;
  return {
    url: clone.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts a server (`script`: its Node arguments) on the prepared database, times open-bids as
 * the manager, reads the record back and checks it, and stops the server.
 */
async function openOn(
  name: string,
  url: string,
  script: string[],
  prepared: Awaited<ReturnType<typeof prepareTender>>,
  sent: Sent[],
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-opening-'));
  let server: Running | undefined;
  try {
    server = await start(
      `server (${name})`,
      script,
      { ...SERVER_ENV, DATABASE_URL: url, DATA_DIR: dataDir },
      `${API_BASE}/api/public/system-info`,
    );
    const base = server.base;
    const manager = await login(base, 'manager', DEMO_PASSWORDS.manager);
    const cpuBefore = cpuMsOf(server.child.pid!);
    const begin = performance.now();
    const response = await fetch(`${base}${API_BASE}${bidApi.openBids.path}`, {
      method: 'POST',
      headers: { authorization: manager, 'content-type': 'application/json' },
      body: JSON.stringify({ id: prepared.tenderId }),
    });
    const opened = (await response.json()) as { code: number; msg?: string; data: OpeningRecord };
    const ms = Math.round(performance.now() - begin);
    const serverCpuMs = Math.round(cpuMsOf(server.child.pid!) - cpuBefore);
    if (opened.code !== 0) throw new Error(`open-bids: ${JSON.stringify(opened).slice(0, 500)}`);

    const read = await fetch(
      `${base}${API_BASE}${bidApi.getOpeningRecord.path}?tenderId=${prepared.tenderId}`,
      { headers: { authorization: manager } },
    );
    const record = ((await read.json()) as { data: OpeningRecord }).data;
    const checked = {
      ...(await checkRecord(url, record, sent)),
      ...(await checkDownloads(base, manager, sent)),
      openAnswerEntries: opened.data.entries.length,
      lotsOpened: record.lots.filter((l) => !l.failed).length,
    };
    log(`${name}: open-bids ${ms} ms (server CPU ${serverCpuMs} ms) ${JSON.stringify(checked)}`);
    return { ms, serverCpuMs, bids: sent.length, checked };
  } finally {
    await server?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Prepares the tender through the built server, then opens it. BENCH_OPENING_COMPARE=<another
 * build's main.js> (e.g. the server before a change, built into apps/server/dist-before) opens
 * copies of the same database with that build and with this one, alternately
 * (BENCH_OPENING_ROUNDS rounds, default 2), before the opening that gives the figure.
 */
async function measureOpening(name: string, shape: Shape) {
  const database = await createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-opening-'));
  const profileDir = process.env.BENCH_OPENING_CPU_PROF;
  const current = profileDir
    ? ['--cpu-prof', '--cpu-prof-dir', profileDir, ...SERVE_ARGS]
    : SERVE_ARGS;
  const compare = process.env.BENCH_OPENING_COMPARE;
  let server: Running | undefined;
  try {
    const seeded = await openDatabase({ kind: 'postgres', url: database.url });
    await seedDatabase(seeded.db, { seed: 'demo', bidSealKey: SECRETS.BID_SEAL_KEY });
    await seeded.close();
    const prepared = await prepareTender(database.url, shape, name);
    server = await start(
      `server (${name}, bidding)`,
      SERVE_ARGS,
      { ...SERVER_ENV, DATABASE_URL: database.url, DATA_DIR: dataDir },
      `${API_BASE}/api/public/system-info`,
    );
    const prepareStart = performance.now();
    const sent = await submitAll(server.base, prepared, shape);
    log(
      `${name}: ${sent.length} bids submitted in ${((performance.now() - prepareStart) / 1000).toFixed(0)} s`,
    );
    await server.stop();
    server = undefined;

    // Past the deadline and the opening time: the server's clock decides, so the rows move.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `update tenders set bid_deadline = now() - interval '2 minutes',
         opening_at = now() - interval '1 minute' where id = $1`,
      [prepared.tenderId],
    );
    await client.end();

    const sideBySide: { build: string; ms: number; serverCpuMs: number; complete: boolean }[] = [];
    if (compare) {
      const rounds = Number(process.env.BENCH_OPENING_ROUNDS ?? 2);
      for (let round = 0; round < rounds; round++) {
        const builds: [string, string[]][] = [
          ['compared', SERVE_ARGS.map((arg) => (arg.endsWith('main.js') ? compare : arg))],
          ['this', SERVE_ARGS],
        ];
        if (round % 2) builds.reverse();
        for (const [build, script] of builds) {
          const clone = await cloneDatabase(database.url, `${build}${round}`);
          try {
            const r = await openOn(`${name} ${build} build`, clone.url, script, prepared, sent);
            sideBySide.push({
              build,
              ms: r.ms,
              serverCpuMs: r.serverCpuMs,
              complete: complete(r, shape.lots),
            });
          } finally {
            await clone.drop();
          }
        }
      }
    }
    const measured = await openOn(name, database.url, current, prepared, sent);
    return { ...measured, sideBySide };
  } finally {
    await server?.stop().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Opened {
  bids: number;
  checked: Awaited<ReturnType<typeof checkRecord>> &
    Awaited<ReturnType<typeof checkDownloads>> & { openAnswerEntries: number; lotsOpened: number };
}

function complete(r: Opened, lots: number): boolean {
  return (
    r.checked.entries === r.bids &&
    r.checked.openAnswerEntries === r.bids &&
    r.checked.pricesRight === r.bids &&
    r.checked.filesRight === r.bids &&
    r.checked.downloadsRight === r.checked.downloadsChecked &&
    r.checked.lotsOpened === lots
  );
}

const SHAPES = {
  opening: {
    lots: 1,
    bidders: quick ? 50 : 500,
    attachmentBytes: MB,
    targetMs: 3000,
  },
  lots: {
    lots: quick ? 4 : 20,
    bidders: quick ? 10 : 30,
    attachmentBytes: 100 * 1024,
    targetMs: 5000,
  },
} satisfies Record<string, Shape>;

export const opening: WorkPath = {
  name: 'opening',
  run: async () => {
    const shape = SHAPES.opening;
    const r = await measureOpening('opening', shape);
    const ok = complete(r, shape.lots);
    const figure: Figure = {
      figure: `open-bids, server mode, one tender with ${r.bids} sealed bids each with a ${shape.attachmentBytes / MB} MB attachment, PostgreSQL`,
      value: `${(r.ms / 1000).toFixed(2)} s (server CPU ${(r.serverCpuMs / 1000).toFixed(2)} s); record ${ok ? 'complete' : `INCOMPLETE ${JSON.stringify(r.checked)}`}`,
      target: `≤ ${shape.targetMs / 1000} s, every bid's price and files in the record`,
      met: ok && r.ms <= shape.targetMs,
    };
    return { figures: [figure], raw: r };
  },
};

export const openingLots: WorkPath = {
  name: 'opening-lots',
  run: async () => {
    const shape = SHAPES.lots;
    const r = await measureOpening('opening-lots', shape);
    const ok = complete(r, shape.lots);
    const figure: Figure = {
      figure: `open-bids of a ${shape.lots}-lot tender with ${shape.bidders} bids per lot (${r.bids} bids, a ${shape.attachmentBytes / 1024} KB attachment each), PostgreSQL`,
      value: `${(r.ms / 1000).toFixed(2)} s (server CPU ${(r.serverCpuMs / 1000).toFixed(2)} s); record ${ok ? 'complete' : `INCOMPLETE ${JSON.stringify(r.checked)}`}`,
      target: `≤ ${shape.targetMs / 1000} s`,
      met: ok && r.ms <= shape.targetMs,
    };
    return { figures: [figure], raw: r };
  },
};
