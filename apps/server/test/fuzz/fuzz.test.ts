import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { API_BASE, bidApi } from '@tender/contracts';
import { users } from '../../src/db/schema/index.js';
import { registeredRoutes, type RegisteredRoute } from '../../src/plugins/route.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTender, signUp, supplierIdOf } from '../support/bids.js';
import { requestArbitrary, type FuzzRequest } from './requests.js';
import { restoreAccess, snapshotAccess } from './state.js';

/**
 * Every registered route, from its own contract: valid inputs, each field broken in turn,
 * missing and extra fields, hostile keys and bodies, sent as every kind of caller. No answer may
 * be a 500 or carry a stack, a path or SQL; every 400 names a field; and afterwards the sealed
 * bid is still sealed, no record is half saved and the audit log holds together.
 *
 * FUZZ_RUNS requests per route (default 40, `npm run test:fuzz:large` sends 1,000); FUZZ_SEED
 * replays a run; FUZZ_ROUTES=<text> fuzzes only the routes whose path contains it; FUZZ_PROGRESS=1
 * prints each route's time as it finishes.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const CALLERS = ['anonymous', 'admin', 'manager', 'bidder1', 'bidder4'] as const;
type Caller = (typeof CALLERS)[number];

/** The sealed quotation nobody but bidder2 (no fuzz caller) may see before its opening. */
const SECRET_PRICE = 987_123.45;
const SECRETS = ['987123.45', '987123', '98712345', '玖拾捌万柒仟壹佰贰拾叁', 'SECRET-REMARK-7f3a'];
/**
 * Where a secret shows as a value of its own, with some text around it. Not inside a longer run
 * of letters and digits: among a hundred thousand hashes and ciphertexts some hex or base64
 * string contains "987123" by chance. (98712345: the price in fen.)
 */
function secretsIn(text: string): string[] {
  const shown: string[] = [];
  for (const secret of SECRETS) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`(?<![0-9A-Za-z+/])${escaped}(?![0-9A-Za-z])`, 'g');
    for (const match of text.matchAll(pattern))
      shown.push(`${secret} in …${text.slice(Math.max(0, match.index - 80), match.index + 80)}…`);
  }
  return shown;
}

/** What no reply may carry: a stack frame, a path on this machine, SQL or the ORM's name. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /at .*\.(ts|js|mjs|cjs):\d+/],
  ['file path', /\/work\/|\/home\/|node_modules/],
  [
    'SQL',
    /\b(SELECT|INSERT|UPDATE|DELETE)\b.*\bFROM\b|syntax error at|Failed query|violates .* constraint/i,
  ],
  ['ORM', /drizzle|pglite|node-postgres/i],
];
const INTERFACE_REFUSAL = '当前角色无权调用此接口';

interface Failure {
  route: string;
  caller: Caller;
  kind: string;
  problem: string;
  request: string;
  reply: string;
}

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
let sentinelTenderId: number;
let sentinelBidId: number;
/** The last audit row and tender id before the fuzz. */
let auditRowsBefore: number;
let tendersBefore: number;
let suppliersBefore: number;
const failures: Failure[] = [];
const stats: { route: string; requests: number; statuses: Record<number, number>; ms: number }[] =
  [];
let interfaceRefusals = 0;

async function issueTokens() {
  for (const caller of CALLERS) {
    if (caller === 'anonymous') continue;
    const [user] = await t.database.db.select().from(users).where(eq(users.username, caller));
    tokens[caller] = await t.app.deps.tokens.issue({
      roleId: user!.roleId,
      userId: user!.id,
      tv: user!.tokenVersion,
    });
  }
}

async function rows<T>(query: ReturnType<typeof sql>) {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
/** The one number a query answers (as `n`). */
async function number(query: ReturnType<typeof sql>) {
  const [row] = await rows<{ n: number | string }>(query);
  return Number(row!.n);
}

/** Ids and dictionary codes that exist, so valid inputs reach the services' own rules. */
async function hints() {
  const ids = await rows<{ id: number }>(sql`
    select id from tenders union select id from bids union select id from suppliers
    union select id from users union select id from roles union select id from files
    union select id from announcements union select id from objections`);
  const codes = await rows<{ code: string }>(sql`select value as code from dict_items`);
  return { ids: [...new Set(ids.map((r) => Number(r.id)))], codes: codes.map((r) => r.code) };
}

beforeAll(async () => {
  t = await startTestApp({ demoTenders: true, demoBids: true });
  await issueTokens();
  const now = new Date();
  sentinelTenderId = await createTender(t, now, {
    bidDeadline: new Date(now.getTime() + 30 * 86400_000),
    openingAt: new Date(now.getTime() + 30 * 86400_000),
    minBids: 1,
  });
  await signUp(
    t,
    sentinelTenderId,
    await Promise.all(['bidder1', 'bidder2'].map((n) => supplierIdOf(t, n))),
  );
  const owner = await t.login('bidder2');
  const receipt = await t.call(
    bidApi.submitBid,
    {
      tenderId: sentinelTenderId,
      totalPrice: SECRET_PRICE,
      currency: 'CNY',
      deliveryDays: 60,
      warrantyMonths: 18,
      remark: 'SECRET-REMARK-7f3a',
    },
    owner,
  );
  expect(receipt.status).toBe(200);
  sentinelBidId = receipt.body.data.bidId;
  await snapshotAccess(t);
  auditRowsBefore = await number(sql`select coalesce(max(id), 0) as n from audit_log`);
  tendersBefore = await number(sql`select coalesce(max(id), 0) as n from tenders`);
  suppliersBefore = await number(sql`select coalesce(max(id), 0) as n from suppliers`);
}, 120_000);
afterAll(() => t?.close());

const excerpt = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** The checks every reply must pass; returns the problems found. */
function check(
  route: RegisteredRoute,
  request: FuzzRequest,
  status: number,
  type: string,
  text: string,
) {
  const problems: string[] = [];
  if (status >= 500) problems.push(`HTTP ${status}`);
  const isJson = type.startsWith('application/json');
  // Files (exports, downloads) are the caller's data; every other answer is the JSON envelope.
  if (!isJson && status !== 200) problems.push(`non-JSON ${status} answer (${type})`);
  if (isJson) {
    for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`leaks a ${what}`);
    let body: { code?: unknown; errorMsg?: string; data?: { fields?: { field?: unknown }[] } };
    try {
      body = JSON.parse(text);
    } catch {
      return [...problems, 'invalid JSON'];
    }
    if (typeof body.code !== 'number') problems.push('no envelope code');
    if (status === 400) {
      const fields = body.data?.fields;
      const message = body.errorMsg ?? '';
      const named =
        (Array.isArray(fields) &&
          fields.length > 0 &&
          fields.every((f) => typeof f.field === 'string' && f.field.length > 0)) ||
        [...request.keys, 'body', 'query', '请求体', 'Content-Type', 'file']
          .filter((k) => k.length > 0)
          .some((k) => message.includes(k));
      if (!named) problems.push('a 400 that names no field');
      // What a person reads: Chinese, never led by a field's API name ("totalPrice: …").
      if (!/\p{Script=Han}/u.test(message)) problems.push('a 400 with no Chinese message');
      if (/^[A-Za-z_][\w.[\]]*\s*[:：]/.test(message))
        problems.push('a 400 whose message starts with an API name');
    }
    if (status === 403 && body.errorMsg === INTERFACE_REFUSAL) interfaceRefusals += 1;
  }
  const [secret] = secretsIn(text);
  if (secret) problems.push(`reveals the sealed bid (${secret})`);
  void route;
  return problems;
}

describe(`fuzzing every route (${RUNS} requests each, seed ${SEED})`, () => {
  it('answers every request without a 500, a leak or a nameless refusal', async () => {
    const all = registeredRoutes(t.app);
    expect(all.length).toBeGreaterThan(50);
    // FUZZ_ROUTES=<text>: only the routes whose path contains it (to replay one route's findings).
    const only = process.env.FUZZ_ROUTES;
    const routes = only ? all.filter((route) => route.url.includes(only)) : all;
    const known = await hints();
    known.ids.push(sentinelTenderId, sentinelBidId);
    for (const [index, route] of routes.entries()) {
      const key = `${route.method} ${route.url}`;
      if (process.env.FUZZ_PROGRESS) process.stdout.write(`fuzz: ${key} …\n`);
      const generated = fc.sample(requestArbitrary(route.contract, known), {
        numRuns: RUNS,
        seed: SEED + index,
      });
      const statuses: Record<number, number> = {};
      const started = performance.now();
      for (const [n, request] of generated.entries()) {
        const caller = CALLERS[n % CALLERS.length]!;
        const token = tokens[caller];
        const response = await t.app.inject({
          method: request.method,
          url: `${API_BASE}${request.url}`,
          headers: {
            ...(token ? { authorization: token } : {}),
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const problems = check(
          route,
          request,
          response.statusCode,
          String(response.headers['content-type'] ?? ''),
          response.body,
        );
        for (const problem of problems)
          failures.push({
            route: key,
            caller,
            kind: request.kind,
            problem,
            request: excerpt(`${request.url} ${String(request.payload ?? '')}`),
            reply: excerpt(`${response.statusCode} ${response.body}`),
          });
        // A logout, a password change or a disabling ends a caller's session: back to work.
        if (response.statusCode === 401 && token) {
          await restoreAccess(t);
          await issueTokens();
        }
      }
      const ms = Math.round(performance.now() - started);
      stats.push({ route: key, requests: generated.length, statuses, ms });
      // FUZZ_PROGRESS=1: one line per route as it finishes, to see where a slow run spends it.
      if (process.env.FUZZ_PROGRESS) process.stdout.write(`fuzz: ${key} ${ms} ms\n`);
      // Whatever the route changed, the callers keep their accounts, roles and interfaces.
      await restoreAccess(t);
      await issueTokens();
    }
    const total = stats.reduce((sum, s) => sum + s.requests, 0);
    process.stdout.write(
      `fuzz: ${routes.length} routes, ${total} requests, seed ${SEED}, ${failures.length} failures\n`,
    );
    // FUZZ_REPORT=<file>: requests, time and answers per route, for docs/security.md.
    if (process.env.FUZZ_REPORT)
      writeFileSync(
        process.env.FUZZ_REPORT,
        JSON.stringify(
          { seed: SEED, runs: RUNS, failures: failures.length, routes: stats },
          null,
          2,
        ),
      );
    // One line per distinct problem, with a request that shows it.
    const distinct = new Map<string, Failure>();
    for (const f of failures) distinct.set(`${f.route} ${f.problem}`, f);
    expect([...distinct.values()], `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 3_600_000);

  it('keeps the sealed bid sealed: no table, audit entry or route reveals it', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const found = await rows<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      const text = found.map((r) => r.row).join('\n');
      expect(secretsIn(text), table_name).toEqual([]);
    }
    const [bid] = await rows<{ status: string }>(
      sql`select status from bids where id = ${sentinelBidId}`,
    );
    expect(bid?.status).toBe('submitted');
    const record = await t.call(
      bidApi.getOpeningRecord,
      { tenderId: sentinelTenderId },
      tokens.manager,
    );
    expect(record.status).not.toBe(200);
  });

  it('leaves no half-saved record', async () => {
    // Every bid has each of its revisions, and every revision belongs to a bid.
    const gaps = await rows<{ id: number }>(sql`
      select b.id from bids b
      where b.revision <> (select count(*) from bid_revisions r where r.bid_id = b.id)
         or not exists (select 1 from bid_revisions r where r.bid_id = b.id and r.revision = b.revision)`);
    expect(gaps, 'bids without all their revisions').toEqual([]);
    // Tenders created by the fuzz carry a number in the statutory form, none shared.
    const numbers = await rows<{ id: number; tender_no: string }>(
      sql`select id, tender_no from tenders where id > ${tendersBefore}`,
    );
    expect(numbers.filter((r) => !/^ZB-\d{4}-\d{6}$/.test(r.tender_no))).toEqual([]);
    const duplicates = await number(
      sql`select count(*) - count(distinct tender_no) as n from tenders`,
    );
    expect(duplicates).toBe(0);
    // An upload is one transaction: no file without its bytes.
    const empty = await rows<{ id: number }>(sql`
      select f.id from files f where not exists (select 1 from file_chunks c where c.file_id = f.id)`);
    expect(empty, 'files without content').toEqual([]);
    // A registration creates the supplier and its account together.
    const orphans = await rows<{ id: number }>(sql`
      select s.id from suppliers s
      where s.id > ${suppliersBefore}
        and not exists (select 1 from users u where u.supplier_id = s.id)`);
    expect(orphans, 'suppliers without an account').toEqual([]);
  });

  it('keeps the audit log whole: every row complete and in order, every refusal recorded', async () => {
    const incomplete = await rows<{ id: number }>(sql`
      select id from audit_log where action = '' or method = '' or url = '' or created_at is null`);
    expect(incomplete).toEqual([]);
    const outOfOrder = await rows<{ id: number }>(sql`
      select a.id from audit_log a join audit_log b on b.id = a.id + 1 where b.created_at < a.created_at`);
    expect(outOfOrder).toEqual([]);
    const count = await number(sql`
      select count(*) as n from audit_log
      where id > ${auditRowsBefore} and action like '拒绝访问：%'`);
    expect(count, 'interface refusals audited').toBe(interfaceRefusals);
  });
});
