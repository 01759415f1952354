// SQL injection scan (issue 16): the built server on a fresh database with demo data, and
// sqlmap against every route that takes a free-text or id parameter, read from the server's
// own OpenAPI document (so new routes are scanned without edits). The results go to
// docs/security.md, section "SQL injection scan". Not part of `npm test`: it takes minutes.
//
//   npm run test:sqlmap            (root: builds the server first)
//   SQLMAP_ONLY=list-admin npm run test:sqlmap   (routes whose path contains the text)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const BASE = '/tendering-service';
const PORT = Number(process.env.SQLMAP_PORT ?? 18_932);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PARALLEL = Number(process.env.SQLMAP_PARALLEL ?? 3);
const LEVEL = process.env.SQLMAP_LEVEL ?? '1';
const RISK = process.env.SQLMAP_RISK ?? '1';
/** Demo accounts (apps/server/src/seed/demo.ts). */
const ACCOUNTS = {
  admin: ['admin', 'Admin@12345'],
  bidder: ['bidder1', 'Bidder@12345'],
};

const work = mkdtempSync(path.join(tmpdir(), 'sqlmap-scan-'));
// Always a fresh embedded database, whatever the caller's environment points at.
const { DATABASE_URL: _ignored, ...environment } = process.env;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...environment,
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    SEED: 'demo',
    LOG_LEVEL: 'error',
    API_DOCS: 'on',
    // sqlmap sends thousands of requests; the login limit would answer 429 instead.
    LOGIN_RATE_LIMIT: '100000000',
    JWT_SECRET: 'sqlmap-scan-jwt-secret-0123456789-0123456789',
    BID_SEAL_KEY: 'sqlmap-scan-seal-key-0123456789-0123456789',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

async function waitForServer() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}${BASE}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

async function login([username, password]) {
  const reply = await fetch(`${ORIGIN}${BASE}/api/token/get-by-username-and-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await reply.json();
  if (body.code !== 0) throw new Error(`login ${username}: ${body.errorMsg}`);
  return body.data;
}

/** Free text (not an enum, not a date) and ids are what could reach SQL. */
const isTarget = (schema = {}) =>
  !schema.enum &&
  (schema.type === 'integer' ||
    schema.type === 'number' ||
    (schema.type === 'string' && schema.format !== 'date-time'));

/**
 * A value that passes validation, so the payloads reach past it where they can. Ids of writes
 * point at nothing (999999): the scan must not delete a user or reset the admin's password.
 */
function sample(name, schema = {}, write) {
  if (schema.anyOf || schema.oneOf) return sample(name, (schema.anyOf ?? schema.oneOf)[0], write);
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number')
    return write && /id$/i.test(name) ? 999_999 : Math.max(1, schema.minimum ?? 1);
  if (schema.type === 'boolean') return false;
  if (schema.type === 'array') return [];
  if (schema.type === 'object') return {};
  if (/password/i.test(name)) return 'Wrong-old-pass1';
  if (/username/i.test(name)) return 'scan_user';
  if (/email/i.test(name)) return 'scan@example.cn';
  if (/phone/i.test(name)) return '13800001111';
  if (/date|deadline|At$|from|until/i.test(name)) return '2030-01-01T00:00:00Z';
  return 'scan';
}

function routesOf(document) {
  const routes = [];
  for (const [url, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      // Logout would end the scanner's session; the upload is multipart (no text to inject).
      if (url.endsWith('/logout') || url.endsWith('/file/upload')) continue;
      const write = upper === 'POST' || /delete/.test(url);
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const properties = upper === 'POST' ? (bodySchema?.properties ?? {}) : {};
      const fields =
        upper === 'POST' && bodySchema
          ? Object.entries(properties)
          : query.map((p) => [p.name, p.schema]);
      const targets = fields.filter(([, schema]) => isTarget(schema)).map(([name]) => name);
      if (!targets.length) continue;
      const values = Object.fromEntries(
        fields.map(([name, schema]) => [name, sample(name, schema, write)]),
      );
      routes.push({ method: upper, url, targets, values });
    }
  return routes;
}

function runSqlmap(route, token, outputDir) {
  const target =
    route.method === 'GET'
      ? `${ORIGIN}${route.url}?${new URLSearchParams(route.values)}`
      : `${ORIGIN}${route.url}`;
  const args = [
    '-u',
    target,
    '-p',
    route.targets.join(','),
    '-H',
    `Authorization: ${token}`,
    '--batch',
    '--dbms=PostgreSQL',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    '--time-sec=2',
    '--threads=4',
    '--timeout=15',
    '--retries=1',
    '--flush-session',
    '--disable-coloring',
    // A write aimed at a record that does not exist answers 404/409: still a target to test.
    '--ignore-code=401,403,404,409',
    `--output-dir=${outputDir}`,
  ];
  if (route.method === 'POST')
    args.push(
      '--method=POST',
      `--data=${JSON.stringify(route.values)}`,
      '-H',
      'Content-Type: application/json',
    );
  return new Promise((resolve) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const vulnerable =
        /is vulnerable|sqlmap identified the following injection point|appears to be injectable/i.test(
          output,
        ) && !/do not appear to be injectable|false positive/i.test(output);
      // sqlmap prints no total; the refused answers it counts are most of what it sent.
      const requests = [...output.matchAll(/ - (\d+) times/g)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
      const errors500 = Number(
        /500 \(Internal Server Error\) - (\d+) times/.exec(output)?.[1] ?? 0,
      );
      const clean = /all tested parameters do not appear to be injectable/i.test(output);
      resolve({
        ...route,
        code,
        vulnerable,
        clean,
        requests,
        errors500,
        tail: output.slice(-Number(process.env.SQLMAP_VERBOSE ?? 600)),
      });
    });
  });
}

function writeReport(results, seconds, command) {
  const file = path.join(root, 'docs/security.md');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Security\n';
  }
  const findings = results.filter((r) => r.vulnerable);
  const unclear = results.filter((r) => !r.vulnerable && !r.clean);
  const lines = [
    '## SQL injection scan',
    '',
    `sqlmap ${SQLMAP_VERSION} against the built server on a fresh PGlite database with demo data,`,
    'logged in (admin; bidder1 for the bidding routes), every route taking a free-text or id',
    'parameter as listed by the OpenAPI document (GET query parameters, POST JSON fields). Ids are',
    'validated as integers before any query (their payloads answer 400); free text reaches the',
    'database only as bound parameters. `SQLMAP_LEVEL=2` (or more) sends more payloads per parameter.',
    '',
    `- Run: ${new Date().toISOString().slice(0, 10)}, ${Math.round(seconds / 60)} min; routes scanned: ${results.length}; parameters: ${results.reduce((n, r) => n + r.targets.length, 0)}.`,
    `- Answers sqlmap got with HTTP 500: ${results.reduce((n, r) => n + r.errors500, 0)}.`,
    `- **Findings: ${findings.length}**${unclear.length ? `; runs without sqlmap's "not injectable" verdict: ${unclear.length} (see below)` : ''}.`,
    `- Command: \`npm run test:sqlmap\` (each route: \`${command}\`).`,
    '',
    '| Route | Parameters | Result | HTTP 500 |',
    '| --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| \`${r.method} ${r.url.replace(BASE, '')}\` | ${r.targets.join(', ')} | ${
          r.vulnerable
            ? '**injectable**'
            : r.clean
              ? 'not injectable'
              : `no verdict (exit ${r.code})`
        } | ${r.errors500} |`,
    ),
    '',
  ];
  const section = lines.join('\n');
  const pattern = /## SQL injection scan\n[\s\S]*?(?=\n## |$)/;
  text = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
  return { findings, unclear };
}

let SQLMAP_VERSION = '';
try {
  await waitForServer();
  SQLMAP_VERSION = await new Promise((resolve) => {
    const child = spawn('sqlmap', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', () => resolve(out.trim().split('\n')[0]));
  });
  const document = await (await fetch(`${ORIGIN}${BASE}/docs/json`)).json();
  const only = process.env.SQLMAP_ONLY;
  const routes = routesOf(document).filter((r) => !only || r.url.includes(only));
  console.log(`sqlmap ${SQLMAP_VERSION}: ${routes.length} routes to scan, ${PARALLEL} at a time`);
  const started = Date.now();
  const results = [];
  const queue = [...routes];
  let runs = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        // A fresh session per route: a scanned route may not spoil the next one's token.
        const token = await login(/\/bidding\//.test(route.url) ? ACCOUNTS.bidder : ACCOUNTS.admin);
        // One output directory per route: parallel runs would share sqlmap's session database.
        const outputDir = path.join(work, 'sqlmap', String((runs += 1)));
        const result = await runSqlmap(route, token, outputDir);
        results.push(result);
        console.log(
          `${result.vulnerable ? 'INJECTABLE' : result.clean ? 'clean' : 'no verdict'}\t${route.method} ${route.url}\t${route.targets.join(',')}\t${result.requests} answers 4xx/5xx`,
        );
        if ((!result.clean && !result.vulnerable) || process.env.SQLMAP_VERBOSE)
          console.log(result.tail);
      }
    }),
  );
  results.sort((a, b) => a.url.localeCompare(b.url));
  const seconds = (Date.now() - started) / 1000;
  const command = `sqlmap -u <url> -p <parameters> -H "Authorization: <token>" --batch --dbms=PostgreSQL --level=${LEVEL} --risk=${RISK} --time-sec=2 --ignore-code=401,403,404,409 [--method=POST --data=<json>]`;
  const { findings, unclear } = only
    ? { findings: results.filter((r) => r.vulnerable), unclear: [] }
    : writeReport(results, seconds, command);
  console.log(
    `${results.length} routes in ${Math.round(seconds)} s: ${findings.length} findings, ${unclear.length} without a verdict`,
  );
  process.exitCode = findings.length || unclear.length ? 1 : 0;
} finally {
  stop();
}
