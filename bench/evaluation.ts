// The evaluation desk of a large lot (issue 34): 30 bids, 10 criteria, a committee of 9, on
// PostgreSQL and on PGlite, each on a database and a built server of its own. The lot is brought
// to the desk through the real HTTP API (tender, publication, sign-ups, sealed bids, the draw,
// pledges, the opening, the sheets); only the people are written by SQL (as the burst's are) and
// time is moved by SQL (the server runs as production: no test clock), the PGlite server stopped
// meanwhile since it holds its data directory. Then: get-sheet under 10 connections while the
// members score and once all have submitted, the chair's finish, and the report's PDF.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { API_BASE, bidApi, committeeApi, deskApi, reportApi, tenderApi } from '@tender/contracts';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDatabase } from '../apps/server/src/seed/index.js';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/demo.js';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import {
  SECONDS,
  SECRETS,
  createDatabase,
  SERVER_ENV,
  SERVE_ARGS,
  log,
  login,
  start,
  type Figure,
  type Running,
  type WorkPath,
} from './harness.js';

const BIDS = 30;
const MEMBERS = 9;
/** 10 criteria: nine scored by the members (80 points) and the price (20). */
const CRITERIA = [
  ...[10, 10, 10, 10, 8, 8, 8, 8, 8].map((maxScore, i) => ({
    name: `${i < 5 ? '技术' : '商务'}评分项${i + 1}`,
    kind: i < 5 ? ('technical' as const) : ('commercial' as const),
    maxScore,
  })),
  { name: '投标报价', kind: 'price' as const, maxScore: 20 },
];
const LOT = `${BIDS} bids, ${CRITERIA.length} criteria, ${MEMBERS} members`;
const CONNECTIONS = 10;

type Rows = { rows: Record<string, unknown>[] };
interface Sql {
  query: (text: string, params?: unknown[]) => Promise<Rows>;
}

/** One database kind: how to reach it by SQL, how to start the server on it, its target. */
interface Target {
  name: 'PostgreSQL' | 'PGlite';
  getSheetMs: number;
  env: Record<string, string>;
  /** SQL beside the server (PostgreSQL) or with the server stopped (PGlite holds its directory). */
  sql: <T>(fn: (db: Sql) => Promise<T>) => Promise<T>;
  /** PGlite: the server must be stopped for `sql`. */
  exclusive: boolean;
}

// ---------------------------------------------------------------- HTTP

interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

function client(base: string) {
  const call = async <T>(
    route: { method: 'GET' | 'POST'; path: string },
    input: Record<string, unknown>,
    token: string,
  ): Promise<T> => {
    const url = new URL(`${base}${API_BASE}${route.path}`);
    if (route.method === 'GET')
      for (const [k, v] of Object.entries(input))
        url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
    const response = await fetch(url, {
      method: route.method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: route.method === 'POST' ? JSON.stringify(input) : undefined,
    });
    const body = (await response.json()) as Envelope<T>;
    if (!response.ok || body.code !== 0)
      throw new Error(`${route.path}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
    return body.data;
  };
  const timed = async <T>(fn: () => Promise<T>) => {
    const begin = performance.now();
    const value = await fn();
    return { value, ms: Math.round(performance.now() - begin) };
  };
  return { call, timed };
}

/** The server's CPU time (user + system) so far, in ms: what a loaded machine does not inflate. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Math.round((ticks * 1000) / 100);
}

/** autocannon over the nine members' tokens in turn (a warm-up second first, as `drive`). */
async function driveMembers(url: string, tokens: string[], pid: number) {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, authorization: tokens[next++ % tokens.length]! },
          }),
        },
      ],
    });
  await run(1);
  const cpu = cpuMs(pid);
  const result = await run(SECONDS);
  return {
    reqPerSec: Math.round(result.requests.average),
    /** The server's CPU time per answer: comparable on a loaded machine. */
    cpuMsPerRequest: Number(((cpuMs(pid) - cpu) / Math.max(1, result.requests.total)).toFixed(2)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

// ---------------------------------------------------------------- the lot

/** Thirty approved suppliers with a bidder account each, and eleven experts (energy storage). */
async function people(db: Sql) {
  const role = async (name: string) =>
    (await db.query(`select id from roles where role_name = $1`, [name])).rows[0]!.id as number;
  const bidderRole = await role('bidder');
  const expertRole = await role('evaluation_expert');
  const { rows: bidders } = await db.query(
    `with s as (
       insert into suppliers (company_name, credit_code, legal_representative, contact_name, phone, email, status, categories)
       select '评标压测供应商' || n || '有限公司', 'EVAL' || lpad(n::text, 14, '0'), '法人' || n, '联系人' || n,
              '1390000' || lpad(n::text, 4, '0'), 'evalbid' || n || '@example.com', 'approved', '{}'
       from generate_series(1, $1::int) n returning id, company_name
     )
     insert into users (username, password_hash, real_name, role_id, supplier_id)
     select 'evalbid' || s.id, 'x', s.company_name, $2, s.id from s returning id, supplier_id`,
    [BIDS, bidderRole],
  );
  await db.query(
    `with u as (
       insert into users (username, password_hash, real_name, role_id)
       select 'evalexpert' || n, 'x', '压测专家' || n, $2 from generate_series(1, $1::int) n
       returning id, real_name
     )
     insert into experts (user_id, name, phone, employer, title, years, specialties)
     select u.id, u.real_name, '13700000000', u.real_name || '所在电力设计研究院', '高级工程师', 15,
            '{energy_storage}' from u`,
    [MEMBERS + 2, expertRole],
  );
  return {
    bidderRole,
    expertRole,
    bidders: bidders.map((r) => ({ userId: r.id as number, supplierId: r.supplier_id as number })),
  };
}

/** The bid deadline and opening a second ago, the publication and documents 40 days earlier. */
const DEADLINE_PASSED = `update tenders set bid_deadline = now() - interval '1 second',
  opening_at = now() - interval '1 second', published_at = published_at - interval '40 days',
  docs_from = docs_from - interval '40 days', docs_until = docs_until - interval '40 days',
  questions_until = null where id = $1`;

/** A member's score on one criterion of one bid: spread enough for a few outlier flags. */
function scoreOf(member: number, bid: number, criterion: number, maxScore: number) {
  const x = Math.sin(member * 97.1 + bid * 13.7 + criterion * 3.3) * 10_000;
  const share = 0.45 + 0.55 * (x - Math.floor(x));
  return Math.round(maxScore * share * 10) / 10;
}

/** The last bid rejected by five of the nine (a majority), every other passed and scored. */
function sheetOf(
  member: number,
  bidIds: number[],
  criteria: { criterionId: number; kind: string; maxScore: number }[],
) {
  const rejects = (b: number) => b === bidIds.length - 1 && member < 5;
  return {
    review: bidIds.map((bidId, b) =>
      rejects(b)
        ? { bidId, pass: false, ground: 'non_responsive', note: '技术参数不满足招标文件实质性要求' }
        : { bidId, pass: true, ground: null, note: '' },
    ),
    scores: bidIds.flatMap((bidId, b) =>
      rejects(b)
        ? []
        : criteria
            .filter((c) => c.kind !== 'price')
            .map((c) => ({
              bidId,
              criterionId: c.criterionId,
              score: scoreOf(member, b, c.criterionId, c.maxScore),
            })),
    ),
  };
}

async function measure(target: Target) {
  log(`evaluation (${target.name}): preparing a lot of ${LOT}`);
  const crowd = await target.sql(people);
  const tokens = createTokenService(SECRETS.JWT_SECRET, 3600);
  // BENCH_EVAL_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): the server's Node flags.
  const flags = process.env.BENCH_EVAL_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const serve = () =>
    start(
      `server (${target.name})`,
      [...flags, ...SERVE_ARGS],
      { ...SERVER_ENV, ...target.env },
      `${API_BASE}/api/public/system-info`,
    );
  let server: Running | undefined = await serve();
  try {
    let http = client(server.base);
    const manager = await login(server.base, 'manager', DEMO_PASSWORDS.manager);
    const day = 86_400_000;
    const now = Date.now();
    const { id: tenderId } = await http.call<{ id: number }>(
      tenderApi.insertTtender,
      {
        title: '储能电站 PCS 及电池舱采购（评标压测）',
        category: 'energy_storage',
        budget: '50000000.00',
        mandatory: true,
        docsFrom: new Date(now + 60_000).toISOString(),
        docsUntil: new Date(now + 10 * day).toISOString(),
        bidDeadline: new Date(now + 30 * day).toISOString(),
        minBids: 3,
        evaluation: {
          committee: true,
          method: 'comprehensive',
          criteria: CRITERIA,
          priceFormula: 'average_benchmark',
          candidates: 3,
        },
      },
      manager,
    );
    await http.call(tenderApi.publishTtender, { id: tenderId }, manager);
    for (const [i, bidder] of crowd.bidders.entries()) {
      const token = await tokens.issue({ roleId: crowd.bidderRole, userId: bidder.userId, tv: 0 });
      await http.call(tenderApi.addSupplyTtender, { tenderId }, token);
      await http.call(
        bidApi.submitBid,
        {
          tenderId,
          totalPrice: 40_000_000 + ((i * 7919) % 30) * 150_000,
          currency: 'CNY',
          deliveryDays: 60 + i,
          warrantyMonths: 24,
          remark: `投标人 ${i + 1} 的报价说明：含运输、安装、调试及培训`,
          fileIds: [],
        },
        token,
      );
    }
    log(`evaluation (${target.name}): tender ${tenderId}, ${BIDS} sealed bids; deadline passes`);
    if (target.exclusive) {
      await server.stop();
      server = undefined;
    }
    await target.sql((db) => db.query(DEADLINE_PASSED, [tenderId]));
    server ??= await serve();
    http = client(server.base);

    const committee = await http.call<committeeApi.Committee>(
      committeeApi.drawCommittee,
      { tenderId, size: MEMBERS, specialties: ['energy_storage'], standbys: 2 },
      manager,
    );
    const members = await Promise.all(
      committee.members.map(async (m) => ({
        ...m,
        token: await tokens.issue({ roleId: crowd.expertRole, userId: m.userid, tv: 0 }),
      })),
    );
    members.sort((a, b) => Number(b.chair) - Number(a.chair));
    const chair = members[0]!;
    for (const m of members)
      await http.call(deskApi.signPledge, { tenderId, noConflict: true }, m.token);
    await http.call(bidApi.openBids, { id: tenderId }, manager);
    const first = await http.call<deskApi.Sheet>(deskApi.getSheet, { tenderId }, chair.token);
    if (first.bids.length !== BIDS) throw new Error(`the desk shows ${first.bids.length} bids`);
    const bidIds = first.bids.map((b) => b.bidId);
    for (const [i, m] of members.entries())
      await http.call(
        deskApi.saveSheet,
        { tenderId, ...sheetOf(i, bidIds, first.criteria) },
        m.token,
      );
    const sheetUrl = `${server.base}${API_BASE}${deskApi.getSheet.path}?tenderId=${tenderId}`;
    const memberTokens = members.map((m) => m.token);
    log(`evaluation (${target.name}): get-sheet while scoring`);
    const scoring = await driveMembers(sheetUrl, memberTokens, server.child.pid!);
    for (const m of members) await http.call(deskApi.submitSheet, { tenderId }, m.token);
    log(`evaluation (${target.name}): get-sheet once all submitted`);
    const submitted = await driveMembers(sheetUrl, memberTokens, server.child.pid!);
    const chairSheet = await http.timed(() =>
      http.call<deskApi.Sheet>(deskApi.getSheet, { tenderId }, chair.token),
    );

    const pid = server.child.pid!;
    let cpu = cpuMs(pid);
    const finish = await http.timed(() =>
      http.call<reportApi.EvaluationReport>(reportApi.finishEvaluation, { tenderId }, chair.token),
    );
    const finishCpu = cpuMs(pid) - cpu;
    const download = async () => {
      const url = `${server!.base}${API_BASE}${reportApi.downloadReport.path}?tenderId=${tenderId}`;
      const before = cpuMs(pid);
      const begin = performance.now();
      const response = await fetch(url, { headers: { authorization: chair.token } });
      const body = Buffer.from(await response.arrayBuffer());
      const ms = Math.round(performance.now() - begin);
      if (!response.ok || body.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`download-report: ${response.status} ${body.subarray(0, 200).toString()}`);
      return { ms, cpuMs: cpuMs(pid) - before, bytes: body.length };
    };
    const pdfCold = await download();
    const pdfWarm = [await download(), await download(), await download()];
    cpu = cpuMs(pid);
    log(
      `evaluation (${target.name}): finish ${finish.ms} ms, PDF ${pdfCold.ms} ms cold, ` +
        `${pdfWarm.map((p) => p.ms).join('/')} ms warm`,
    );
    return {
      tenderId,
      /** Kept out of the results file: only for BENCH_EVAL_KEEP. */
      tokens: { chair: chair.token, members: memberTokens, manager },
      scoring,
      submitted,
      chairSheet: {
        ms: chairSheet.ms,
        others: chairSheet.value.others?.length ?? 0,
        outliers: chairSheet.value.outliers?.length ?? 0,
      },
      finish: {
        ms: finish.ms,
        cpuMs: finishCpu,
        rejections: finish.value.rejections.length,
        ranked: finish.value.ranking.length,
      },
      pdfCold,
      pdfWarm,
      peakRssMb: Math.round(server.peakRss() / 1024 / 1024),
    };
  } finally {
    await server?.stop();
  }
}

// ---------------------------------------------------------------- the part

type Measured = Awaited<ReturnType<typeof measure>>;

function figuresOf(target: Target, m: Measured): Figure[] {
  const load = (l: Measured['scoring']) =>
    `${l.p99Ms} ms (p50 ${l.p50Ms} ms, ${l.reqPerSec} req/s, server CPU ${l.cpuMsPerRequest} ms each${l.errors ? `, ${l.errors} errors` : ''})`;
  const sheet = (what: string, l: Measured['scoring']): Figure => ({
    figure: `evaluation desk, ${LOT}: get-sheet ${what}, ${target.name}, ${CONNECTIONS} connections over the nine members`,
    value: load(l),
    target: `p99 ≤ ${target.getSheetMs} ms`,
    met: l.p99Ms <= target.getSheetMs && l.errors === 0,
  });
  const warm = Math.max(...m.pdfWarm.map((p) => p.ms));
  return [
    sheet('while the members score (drafts saved)', m.scoring),
    sheet('once all nine submitted (each sees the others; the chair the outliers)', m.submitted),
    {
      figure: `finish-evaluation of that lot (${m.finish.rejections} rejected, ${m.finish.ranked} ranked), ${target.name}`,
      value: `${m.finish.ms} ms (server CPU ${m.finish.cpuMs} ms)`,
      target: '≤ 1000 ms',
      met: m.finish.ms <= 1000,
    },
    {
      figure: `the report PDF of that lot (download-report, first after the finish / then), ${target.name}`,
      value: `${m.pdfCold.ms} ms / ≤ ${warm} ms (server CPU ${m.pdfCold.cpuMs} / ${Math.max(...m.pdfWarm.map((p) => p.cpuMs))} ms, ${Math.round(m.pdfCold.bytes / 1024)} KB)`,
      target: '≤ 2000 ms',
      met: m.pdfCold.ms <= 2000 && warm <= 2000,
    },
  ];
}

async function run() {
  const database = await createDatabase();
  const dirs = [
    mkdtempSync(path.join(os.tmpdir(), 'bench-eval-pg-')),
    mkdtempSync(path.join(os.tmpdir(), 'bench-eval-pglite-')),
  ];
  const pgliteData = path.join(dirs[1]!, 'pgdata');
  const kept: unknown[] = [];
  try {
    const pgTarget: Target = {
      name: 'PostgreSQL',
      getSheetMs: 50,
      env: { DATABASE_URL: database.url, DATA_DIR: dirs[0]! },
      exclusive: false,
      sql: async (fn) => {
        const c = new pg.Client({ connectionString: database.url });
        await c.connect();
        try {
          return await fn(c);
        } finally {
          await c.end();
        }
      },
    };
    const pgliteTarget: Target = {
      name: 'PGlite',
      getSheetMs: 100,
      env: { DATA_DIR: dirs[1]! },
      exclusive: true,
      sql: async (fn) => {
        const c = await PGlite.create({ dataDir: pgliteData });
        try {
          return await fn(c as unknown as Sql);
        } finally {
          await c.close();
        }
      },
    };
    const seeded = await openDatabase({ kind: 'postgres', url: database.url });
    await seedDatabase(seeded.db, { seed: 'demo', bidSealKey: SECRETS.BID_SEAL_KEY });
    await seeded.close();
    mkdirSync(pgliteData, { recursive: true, mode: 0o700 });
    const local = await openDatabase({ kind: 'pglite', dataDir: pgliteData });
    await seedDatabase(local.db, { seed: 'demo', bidSealKey: SECRETS.BID_SEAL_KEY });
    await local.close();

    const figures: Figure[] = [];
    const raw: Record<string, Measured> = {};
    // BENCH_EVAL_ONLY=PGlite (or PostgreSQL): one database, when profiling one path.
    const only = process.env.BENCH_EVAL_ONLY;
    for (const target of [pgTarget, pgliteTarget].filter((t) => !only || t.name === only)) {
      const measured = await measure(target);
      raw[target.name] = measured;
      figures.push(...figuresOf(target, measured));
    }
    for (const m of Object.values(raw)) kept.push({ tenderId: m.tenderId, tokens: m.tokens });
    const results = Object.fromEntries(
      Object.entries(raw).map(([name, { tokens: _tokens, ...rest }]) => [name, rest]),
    );
    return { figures, raw: { loadAverage: os.loadavg(), ...results } };
  } finally {
    // BENCH_EVAL_KEEP=<file>: the database and directories stay, described in that file, for
    // profiling one path again on the same lot (drop them by hand afterwards).
    if (process.env.BENCH_EVAL_KEEP) {
      writeFileSync(
        process.env.BENCH_EVAL_KEEP,
        JSON.stringify({ url: database.url, dirs, kept }, null, 2),
      );
    } else {
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }
}

export const evaluation: WorkPath = { name: 'evaluation', run };
