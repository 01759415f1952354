// npm run bench [-- --quick] [-- --only <work path>,…]: the built server and a bare Fastify, each in its own process, driven
// over real HTTP by autocannon; every figure is a ratio to the bare Fastify of the same run or a
// latency/throughput measured in it (never a pass/fail timing in a test). Writes
// bench/results/<date>.json and the table in docs/performance.md (and the README's copy of it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_BASE, admin, auth, bidApi, tenderApi } from '@tender/contracts';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDatabase } from '../apps/server/src/seed/index.js';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/demo.js';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import {
  BURST,
  ROOT,
  SECONDS,
  SECRETS,
  SERVE_ARGS,
  SIZES,
  createDatabase,
  drive,
  log,
  login,
  quick,
  start,
  startServer,
  started,
  type Figure,
  type Load,
  type Running,
  type WorkPath,
} from './harness.js';
import { loadTendersPg } from './load.js';
import { WORK_PATHS } from './work-paths.js';

// ---------------------------------------------------------------- data

const BURST_PASSWORD = 'Burst@2024pw';

/** Approved suppliers, each with a bidder account signed up for one open tender. */
async function prepareBurst(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await hashPassword(BURST_PASSWORD);
    const { rows: roleRows } = await client.query(
      `select id from roles where role_name = 'bidder'`,
    );
    const roleId = roleRows[0].id as number;
    const { rows: tenderRows } = await client.query(
      `select id from tenders where status = 'published' and procurement_method = 'open'
       and bid_deadline > now() + interval '1 day'
       and (select count(*) from lots where lots.tender_id = tenders.id) = 1
       order by id desc limit 1`,
    );
    const tenderId = tenderRows[0].id as number;
    const { rows } = await client.query(
      `with s as (
         insert into suppliers (company_name, credit_code, legal_representative, contact_name, phone, email, status, categories)
         select '压测供应商' || n || '有限公司', 'BENCH' || lpad(n::text, 13, '0'), '法人' || n, '联系人' || n,
                '1380000' || lpad(n::text, 4, '0'), 'burst' || n || '@example.com', 'approved', '{}'
         from generate_series(1, $1::int) n returning id, company_name
       ), u as (
         insert into users (username, password_hash, real_name, role_id, supplier_id)
         select 'burst' || s.id, $2, s.company_name, $3, s.id from s returning id, supplier_id
       ), p as (
         insert into participations (tender_id, supplier_id, user_id) select $4, u.supplier_id, u.id from u
       ), pl as (
         insert into participation_lots (tender_id, supplier_id, lot_id)
         select $4, u.supplier_id, lots.id from u cross join lots where lots.tender_id = $4
       )
       select id, supplier_id from u`,
      [count, hash, roleId, tenderId],
    );
    return { tenderId, roleId, users: rows as { id: number; supplier_id: number }[] };
  } finally {
    await client.end();
  }
}

/** Each supplier submits one bid at its own moment, evenly spread over the window. */
async function runBurst(
  base: string,
  url: string,
  burst: Awaited<ReturnType<typeof prepareBurst>>,
) {
  const tokens = createTokenService(SECRETS.JWT_SECRET, 3600);
  const tokenList = await Promise.all(
    burst.users.map((u) => tokens.issue({ roleId: burst.roleId, userId: u.id, tv: 0 })),
  );
  const spacing = (BURST.seconds * 1000) / tokenList.length;
  const begin = performance.now();
  const outcomes = await Promise.all(
    tokenList.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, i * spacing));
      const sent = performance.now();
      try {
        const response = await fetch(`${base}${API_BASE}${bidApi.submitBid.path}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({
            tenderId: burst.tenderId,
            totalPrice: 100_000 + i,
            deliveryDays: 30,
            warrantyMonths: 24,
          }),
        });
        const body = (await response.json()) as {
          code: number;
          message?: string;
          data?: { bidId: number; digest: string };
        };
        return {
          ms: performance.now() - sent,
          ok: response.ok && body.code === 0,
          receipt: body.data,
          refusal:
            body.code === 0
              ? undefined
              : `${response.status} ${JSON.stringify(body).slice(0, 300)}`,
        };
      } catch (error) {
        return {
          ms: performance.now() - sent,
          ok: false,
          receipt: undefined,
          refusal: String(error),
        };
      }
    }),
  );
  const windowSeconds = (performance.now() - begin) / 1000;
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const receipts = outcomes.flatMap((o) => (o.ok && o.receipt ? [o.receipt] : []));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as n from bids where tender_id = $1 and (id, digest) in (select * from unnest($2::int[], $3::text[]))`,
    [burst.tenderId, receipts.map((r) => r.bidId), receipts.map((r) => r.digest)],
  );
  await client.end();
  return {
    submitted: outcomes.length,
    errors: outcomes.filter((o) => !o.ok).length,
    /** The distinct reasons of the failures, so a broken setup says what broke. */
    refusals: [...new Set(outcomes.flatMap((o) => (o.refusal ? [o.refusal] : [])))].slice(0, 5),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99) - 1] ?? 0),
    windowSeconds: Number(windowSeconds.toFixed(1)),
    receiptsFound: rows[0].n as number,
    receipts: receipts.length,
  };
}

// ---------------------------------------------------------------- the figures

const SEARCHES: [string, Record<string, string>][] = [
  ['2-character keyword 储能', { keyword: '储能' }],
  ['1-character keyword 柜', { keyword: '柜' }],
  ['4-character keyword 海上风电', { keyword: '海上风电' }],
  ['English keyword GIS', { keyword: 'GIS' }],
  ['filter only (category + region)', { category: 'cable', region: 'east' }],
];

/**
 * 招标管理's list as a manager filters it: the screen's first page is the unfiltered one; a
 * keyword typed into 关键词 (编号或标题) and a status picked from 状态 are each another query.
 */
const MANAGER_LISTS: [string, Record<string, string>][] = [
  ['first page', {}],
  ['keyword 储能', { keyword: '储能' }],
  ['status 已截止', { status: 'closed' }],
];

/** 招标信息 as bidder1 opens it: its first page, and with a keyword typed in. */
const BIDDER_LISTS: [string, Record<string, string>][] = [
  ['first page', {}],
  ['keyword 储能', { keyword: '储能' }],
];

/**
 * The routes measured on both databases: menu, admin list, a tender as a bidder, the searches,
 * the manager's and the bidder's tender lists (each screen's first page, pageNum 1 and pageSize 10
 * as the screens send them, and its filtered variants).
 */
async function measureApp(base: string) {
  const api = (p: string, query: Record<string, string> = {}) =>
    `${base}${API_BASE}${p}?${new URLSearchParams(query)}`;
  // The newest public tender, as the search lists it first.
  const newest = (await (
    await fetch(api(tenderApi.searchTenderMsg.path, { pageNum: '1', pageSize: '1' }))
  ).json()) as {
    data: { list: { id: number }[] };
  };
  const tenderId = newest.data.list[0]!.id;
  const bidder = await login(base, 'bidder1', DEMO_PASSWORDS.bidder);
  const adminToken = await login(base, 'admin', DEMO_PASSWORDS.admin);
  const managerToken = await login(base, 'manager', DEMO_PASSWORDS.manager);
  const out = {
    menu: await drive(api(auth.listMenuByUser.path), { headers: { authorization: bidder } }),
    listAdmin: await drive(api(admin.listAdmin.path, { pageNum: '1', pageSize: '10' }), {
      headers: { authorization: adminToken },
    }),
    tender: await drive(api(tenderApi.getTtenderById.path, { id: String(tenderId) }), {
      headers: { authorization: bidder },
    }),
    searches: [] as { name: string; load: Load }[],
    managerLists: [] as { name: string; load: Load }[],
    bidderLists: [] as { name: string; load: Load }[],
  };
  for (const [name, query] of SEARCHES) {
    const load = await drive(
      api(tenderApi.searchTenderMsg.path, { pageNum: '1', pageSize: '10', ...query }),
      { connections: 10 },
    );
    out.searches.push({ name, load });
  }
  const lists = [
    [out.managerLists, MANAGER_LISTS, tenderApi.listTtender.path, managerToken],
    [out.bidderLists, BIDDER_LISTS, tenderApi.listOpenTtender.path, bidder],
  ] as const;
  for (const [into, variants, route, token] of lists) {
    for (const [name, query] of variants) {
      const load = await drive(api(route, { pageNum: '1', pageSize: '10', ...query }), {
        connections: 10,
        headers: { authorization: token },
      });
      into.push({ name, load });
    }
  }
  return out;
}

/** Each work path on its own data and server, one after another. */
async function runWorkPaths(parts: WorkPath[]) {
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  for (const part of parts) {
    log(`work path ${part.name}`);
    const measured = await part.run();
    figures.push(...measured.figures);
    raw[part.name] = measured.raw;
  }
  return { figures, raw };
}

const tableOf = (figures: Figure[]) => [
  '| figure | measured | target | met? |',
  '|---|---|---|---|',
  ...figures.map((f) => `| ${f.figure} | ${f.value} | ${f.target} | ${f.met ? 'yes' : '**no**'} |`),
];

/** `--only a,b`: just those work paths; the result is kept, the documents are left as they are. */
async function runOnly(names: string[]) {
  const parts = WORK_PATHS.filter((p) => names.includes(p.name));
  const unknown = names.filter((n) => !WORK_PATHS.some((p) => p.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `unknown work path ${unknown.join(', ')}; known: ${WORK_PATHS.map((p) => p.name).join(', ')}`,
    );
  }
  const work = await runWorkPaths(parts);
  const date = new Date().toISOString();
  const file = path.join(
    ROOT,
    `bench/results/${date.slice(0, 19).replace(/:/g, '-')}-only-${names.join('-')}${quick ? '-quick' : ''}.json`,
  );
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ date, quick, figures: work.figures, raw: work.raw }, null, 2) + '\n',
  );
  console.log(`\n${tableOf(work.figures).join('\n')}\n`);
  log(`written ${path.relative(ROOT, file)}`);
}

async function main() {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : null;
  log(`bench ${quick ? '(quick) ' : ''}PostgreSQL ${SIZES.pg} tenders, PGlite ${SIZES.pglite}`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('server build failed');
  if (only) return runOnly(only);

  const database = await createDatabase();
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const running: Running[] = [];
  try {
    const seeded = await openDatabase({ kind: 'postgres', url: database.url });
    await seedDatabase(seeded.db, { seed: 'demo', bidSealKey: SECRETS.BID_SEAL_KEY });
    await seeded.close();
    log('PostgreSQL migrated and seeded; loading tenders (PGlite loads beside it)');
    const pglitePrepared = new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'bench/prepare-pglite.ts',
          pgliteDir,
          String(SIZES.pglite),
          SECRETS.BID_SEAL_KEY,
        ],
        { cwd: ROOT, stdio: 'inherit' },
      );
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`PGlite load: ${code}`)),
      );
    });
    const loadStart = Date.now();
    await loadTendersPg(database.url, SIZES.pg, new Date());
    const pgLoadSeconds = (Date.now() - loadStart) / 1000;
    log(`PostgreSQL: ${SIZES.pg} tenders in ${pgLoadSeconds.toFixed(0)} s`);
    const burst = await prepareBurst(database.url, BURST.suppliers);
    await pglitePrepared;
    log('PGlite ready');

    const bare = await start('bare Fastify', ['--import', 'tsx', 'bench/bare.ts'], {}, '/hello');
    running.push(bare);
    const bareBefore = await drive(`${bare.base}/hello`);
    log(`bare Fastify ${bareBefore.reqPerSec} req/s`);

    const pgServer = await startServer('server (PostgreSQL)', {
      DATABASE_URL: database.url,
      DATA_DIR: pgDataDir,
    });
    running.push(pgServer);
    const systemInfo = await drive(`${pgServer.base}${API_BASE}/api/public/system-info`);
    const pgRoutes = await measureApp(pgServer.base);
    const logins = await drive(`${pgServer.base}${API_BASE}${auth.login.path}`, {
      connections: 10,
      method: 'POST',
      body: JSON.stringify({ username: 'bidder1', password: DEMO_PASSWORDS.bidder }),
    });
    const burstResult = await runBurst(pgServer.base, database.url, burst);
    log(`PostgreSQL done: burst ${JSON.stringify(burstResult)}`);
    const pgRss = pgServer.peakRss();
    await pgServer.stop();
    running.pop();

    const pgliteServer = await startServer('server (PGlite)', { DATA_DIR: pgliteDir });
    running.push(pgliteServer);
    const pgliteRoutes = await measureApp(pgliteServer.base);
    const pgliteRss = pgliteServer.peakRss();
    await pgliteServer.stop();
    running.pop();
    log('PGlite done');
    const work = await runWorkPaths(WORK_PATHS);

    const bareAfter = await drive(`${bare.base}/hello`);
    const bareRps = (bareBefore.reqPerSec + bareAfter.reqPerSec) / 2;
    const pct = (load: Load) => (100 * load.reqPerSec) / bareRps;
    const ratio = (name: string, load: Load, target: number): Figure => ({
      figure: name,
      value: `${pct(load).toFixed(1)} % (${load.reqPerSec} req/s${load.errors ? `, ${load.errors} errors` : ''})`,
      target: `≥ ${target} %`,
      met: pct(load) >= target && load.errors === 0,
    });
    const p99 = (name: string, load: Load, target: number): Figure => ({
      figure: name,
      value: `${load.p99Ms} ms (${load.reqPerSec} req/s${load.errors ? `, ${load.errors} errors` : ''})`,
      target: `p99 ≤ ${target} ms`,
      met: load.p99Ms <= target && load.errors === 0,
    });
    const listFigures = (routes: typeof pgRoutes, at: string, target: number) => [
      ...routes.managerLists.map((l) =>
        p99(
          `the manager's tender list (list-ttender), ${l.name}, at ${at}, 10 connections`,
          l.load,
          target,
        ),
      ),
      ...routes.bidderLists.map((l) =>
        p99(
          `the bidder's open tenders (list-open-ttender), ${l.name}, at ${at}, 10 connections`,
          l.load,
          target,
        ),
      ),
    ];
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const figures: Figure[] = [
      ratio('system-info, % of bare', systemInfo, 50),
      ratio('list-menu-by-user with a token, PostgreSQL', pgRoutes.menu, 20),
      ratio('list-menu-by-user with a token, PGlite', pgliteRoutes.menu, 10),
      ratio('list-admin page, PostgreSQL', pgRoutes.listAdmin, 10),
      ratio('list-admin page, PGlite', pgliteRoutes.listAdmin, 4),
      ratio('get-ttender-by-id as a bidder, PostgreSQL', pgRoutes.tender, 10),
      ratio('get-ttender-by-id as a bidder, PGlite', pgliteRoutes.tender, 4),
      ...pgRoutes.searches.map((s) =>
        p99(
          `public search, ${s.name}, ${SIZES.pg.toLocaleString('en')} tenders, PostgreSQL, 10 connections`,
          s.load,
          50,
        ),
      ),
      ...pgliteRoutes.searches.map((s) =>
        p99(
          `public search, ${s.name}, ${SIZES.pglite.toLocaleString('en')} tenders, PGlite, 10 connections`,
          s.load,
          100,
        ),
      ),
      ...listFigures(pgRoutes, `${SIZES.pg.toLocaleString('en')} tenders, PostgreSQL`, 50),
      ...listFigures(pgliteRoutes, `${SIZES.pglite.toLocaleString('en')} tenders, PGlite`, 100),
      {
        figure: 'logins per second, argon2id (m=19456, t=2, p=1), PostgreSQL, 10 connections',
        value: `${logins.reqPerSec}/s${logins.errors ? ` (${logins.errors} errors)` : ''}`,
        target: '≥ 100',
        met: logins.reqPerSec >= 100 && logins.errors === 0,
      },
      {
        figure: `deadline burst: ${burstResult.submitted} suppliers, one bid each within ${BURST.seconds} s, PostgreSQL`,
        value: `${burstResult.errors} errors, p99 ${burstResult.p99Ms} ms, ${burstResult.receiptsFound}/${burstResult.receipts} receipts' bids present`,
        target: '0 errors, p99 ≤ 1000 ms, every receipt present',
        met:
          burstResult.errors === 0 &&
          burstResult.p99Ms <= 1000 &&
          burstResult.receiptsFound === burstResult.submitted,
      },
      {
        figure: 'server RSS (peak under these loads), PostgreSQL',
        value: `${mb(pgRss)} MB`,
        target: '≤ 250 MB',
        met: mb(pgRss) <= 250,
      },
      {
        figure: 'server RSS (peak under these loads), PGlite',
        value: `${mb(pgliteRss)} MB`,
        target: '≤ 500 MB',
        met: mb(pgliteRss) <= 500,
      },
      ...work.figures,
    ];
    const date = new Date().toISOString();
    const result = {
      date,
      quick,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGb: mb(os.totalmem()) / 1024,
        node: process.version,
      },
      server: `node ${SERVE_ARGS.join(' ')}`,
      sizes: SIZES,
      seconds: SECONDS,
      pgLoadSeconds,
      bare: { before: bareBefore, after: bareAfter },
      raw: {
        systemInfo,
        pg: pgRoutes,
        pglite: pgliteRoutes,
        logins,
        burst: burstResult,
        rss: { pg: pgRss, pglite: pgliteRss },
        work: work.raw,
      },
      figures,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    const file = path.join(
      ROOT,
      `bench/results/${date.slice(0, 19).replace(/:/g, '-')}${quick ? '-quick' : ''}.json`,
    );
    writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    const table = [
      `Run of ${date.slice(0, 16).replace('T', ' ')} UTC${quick ? ' (--quick: small sizes)' : ''}, ${result.machine.cpus} cores, Node ${process.version}; bare Fastify ${Math.round(bareRps)} req/s (20 connections, ${SECONDS} s per figure); whole run ${result.totalSeconds} s. Raw numbers: \`${path.relative(ROOT, file)}\`.`,
      '',
      ...tableOf(figures),
    ].join('\n');
    console.log(`\n${table}\n`);
    for (const doc of ['docs/performance.md', 'README.md']) writeTable(path.join(ROOT, doc), table);
    log(`written ${path.relative(ROOT, file)}`);
  } finally {
    for (const r of running.reverse()) await r.stop().catch(() => {});
    await database.drop();
    rmSync(pgliteDir, { recursive: true, force: true });
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

/** Replaces what stands between the bench markers of a document. */
function writeTable(file: string, table: string) {
  const text = readFileSync(file, 'utf8');
  const begin = '<!-- bench:begin -->';
  const end = '<!-- bench:end -->';
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  writeFileSync(file, `${text.slice(0, from + begin.length)}\n${table}\n${text.slice(to)}`);
}

await main();
