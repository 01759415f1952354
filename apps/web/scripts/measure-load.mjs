#!/usr/bin/env node
/**
 * What a phone pays to open the public pages, measured on the built app (`npm run build` first):
 * the JavaScript a browser loads until the network is idle (gzip) and Lighthouse's mobile
 * scores; and what a logged-in manager's desktop pays to open /tender_list in a fresh browser
 * (the token put in session storage as the app keeps it; Lighthouse desktop). Prints a table;
 * `--write` also puts it in docs/performance-web.md.
 *
 *   node apps/web/scripts/measure-load.mjs [--runs 3] [--write] [--url http://host:port]
 *   node apps/web/scripts/measure-load.mjs --js-only [--scripts]
 *
 * Without --url it starts the built server on a free port with a fresh demo database.
 * Lighthouse runs the system Chromium (CHROME_PATH, /usr/bin/chromium by default); it never
 * downloads a browser.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = join(ROOT, 'node_modules/.bin/lighthouse');
const REPORT = join(ROOT, 'docs/performance-web.md');

/**
 * The issues' targets: KB of gzipped first-load JavaScript, and Lighthouse scores (mobile for the
 * public pages; desktop for a logged-in manager's first screen).
 */
const PAGES = [
  { path: '/tenderMsgSearch', jsBudgetKb: 250 },
  { path: '/login', jsBudgetKb: 200 },
  { path: '/register', jsBudgetKb: undefined },
  { path: '/tender_list', jsBudgetKb: 350, as: 'manager', desktop: true },
];
/** The demo accounts a page is measured as (the demo seed's passwords). */
const ACCOUNTS = { manager: { username: 'manager', password: 'Manager@12345' } };
/** As the app keeps its token (src/lib/auth-storage.ts). */
const TOKEN_KEY = 'Admin-Token';
const TARGET = { performance: 90, accessibility: 100 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    write: { type: 'boolean', default: false },
    url: { type: 'string' },
    /** A folder to keep each page's last Lighthouse report in (JSON), to see what failed. */
    reports: { type: 'string' },
    /** Only the JavaScript sizes: no Lighthouse (it is CPU-heavy), nothing written. */
    'js-only': { type: 'boolean', default: false },
    /** With the sizes, list each script the page loaded, largest first. */
    scripts: { type: 'boolean', default: false },
    /** Only the pages whose path contains this text (e.g. `--only tender_list`). */
    only: { type: 'string' },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

async function startServer() {
  const main = join(ROOT, 'apps/server/dist/main.js');
  for (const file of [main, join(ROOT, 'apps/web/dist/index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tender-measure-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => (output = (output + chunk).slice(-10_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  // Seeding the demo takes a while on a busy machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/tendering-service/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`server not healthy after 180 s:\n${output}`);
}

/** Logs in through the API as the login form does; answers the token. */
async function tokenOf(baseUrl, account) {
  const response = await fetch(
    `${baseUrl}/tendering-service/api/token/get-by-username-and-password`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ACCOUNTS[account]),
    },
  );
  const envelope = await response.json();
  if (typeof envelope.data !== 'string')
    throw new Error(`login as ${account} failed: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A script run before the page's own on every document of `origin`: the session's token. */
const tokenScript = (origin, token) =>
  `if (location.origin === ${JSON.stringify(origin)}) sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)});`;

/** Every script the page loads until the network is idle, as gzip (level 9) and as sent. */
async function measureScripts(browser, url, { token, desktop } = {}) {
  const context = await browser.newContext({
    viewport: desktop ? { width: 1440, height: 900 } : { width: 390, height: 844 },
  });
  if (token) await context.addInitScript(tokenScript(new URL(url).origin, token));
  const page = await context.newPage();
  const scripts = [];
  // A script that finishes after the network went idle is not part of the first load (and its
  // body can no longer be read once the context closes).
  let idle = false;
  page.on('requestfinished', (request) => {
    if (idle || request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const body = response ? await response.body() : Buffer.alloc(0);
        const sizes = await request.sizes();
        const name = new URL(request.url()).pathname.split('/').pop();
        return { name, gzip: gzipSync(body, { level: 9 }).length, sent: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  idle = true;
  const loaded = await Promise.all(scripts);
  await context.close();
  const sum = (key) => loaded.reduce((total, s) => total + s[key], 0);
  return {
    count: loaded.length,
    gzipKb: sum('gzip') / 1024,
    sentKb: sum('sent') / 1024,
    scripts: loaded.sort((a, b) => b.gzip - a.gzip),
  };
}

function runLighthouse(url) {
  return new Promise((done, fail) => {
    const child = spawn(
      LIGHTHOUSE,
      [
        url,
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`lighthouse failed (${code}):\n${err}`));
      const report = JSON.parse(out);
      if (args.reports) {
        const name = new URL(url).pathname.slice(1) || 'index';
        void writeFile(join(args.reports, `${name}.json`), out);
      }
      done(summary(report));
    });
  });
}

/** The figures kept of a Lighthouse report. */
function summary(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failedA11y: report.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id].score === 0)
      .map((ref) => ref.id),
  };
}

/**
 * Lighthouse desktop on a page that needs a session: a fresh Chromium whose every document of the
 * app's origin gets the token in session storage before its scripts run (as after a login in that
 * tab), then one Lighthouse navigation. In this process: the CLI cannot set storage first.
 */
async function runLighthouseWithToken(url, token) {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(tokenScript(new URL(url).origin, token));
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      desktopConfig,
      page,
    );
    const report = result.lhr;
    if (args.reports) {
      const name = new URL(url).pathname.slice(1) || 'index';
      await writeFile(join(args.reports, `${name}.json`), JSON.stringify(report));
    }
    if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
    if (!report.finalDisplayedUrl.endsWith(new URL(url).pathname))
      throw new Error(
        `lighthouse ended on ${report.finalDisplayedUrl}, not ${url}: not logged in?`,
      );
    return summary(report);
  } finally {
    await browser.close();
  }
}

/** The run with the median performance score: one slow run on a busy machine does not decide. */
const median = (results) =>
  [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)];

const kb = (value) => value.toFixed(0);
const ms = (value) => (value / 1000).toFixed(1) + ' s';
const mark = (ok) => (ok ? '✓' : '✗');

function table(rows) {
  const lines = [
    '| page | Lighthouse | JS gzip (KB) | target | JS as sent (KB) | scripts | performance | accessibility | FCP | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { page, js, lh } of rows) {
    const budget = page.jsBudgetKb;
    const jsCell = budget ? `${kb(js.gzipKb)} ${mark(js.gzipKb <= budget)}` : kb(js.gzipKb);
    lines.push(
      [
        page.as ? `${page.path} (${page.as})` : page.path,
        page.desktop ? 'desktop' : 'mobile',
        jsCell,
        budget ? `≤ ${budget}` : '–',
        kb(js.sentKb),
        js.count,
        `${lh.performance} ${mark(lh.performance >= TARGET.performance)}`,
        `${lh.accessibility} ${mark(lh.accessibility >= TARGET.accessibility)}`,
        ms(lh.fcp),
        ms(lh.lcp),
        `${Math.round(lh.tbt)} ms`,
        lh.cls.toFixed(3),
      ].join(' | '),
    );
  }
  return lines.map((line) => (line.startsWith('|') ? line : `| ${line} |`)).join('\n');
}

async function writeReport(markdown) {
  const previous = existsSync(REPORT) ? await readFile(REPORT, 'utf8') : '';
  const start = '<!-- measure-load:start -->';
  const end = '<!-- measure-load:end -->';
  const block = `${start}\n${markdown}\n${end}`;
  const next = previous.includes(start)
    ? previous.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
    : `${previous}\n${block}\n`;
  await writeFile(REPORT, next);
}

if (args.reports) await mkdir(args.reports, { recursive: true });
const server = args.url ? { baseUrl: args.url, stop: async () => {} } : await startServer();
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const rows = [];
  for (const page of PAGES.filter((p) => !args.only || p.path.includes(args.only))) {
    const url = server.baseUrl + page.path;
    const token = page.as ? await tokenOf(server.baseUrl, page.as) : undefined;
    const js = await measureScripts(browser, url, { token, desktop: page.desktop });
    if (args['js-only']) {
      const budget = page.jsBudgetKb ? ` (target ≤ ${page.jsBudgetKb})` : '';
      console.log(`${page.path}: ${kb(js.gzipKb)} KB gzip${budget}, ${js.count} scripts`);
      if (args.scripts) {
        for (const s of js.scripts)
          console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)}  ${s.name}`);
      }
      continue;
    }
    const results = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART); a second try settles it.
      const once = () => (token ? runLighthouseWithToken(url, token) : runLighthouse(url));
      results.push(await once().catch(() => once()));
    }
    const lh = median(results);
    rows.push({ page, js, lh });
    const failed = lh.failedA11y.length ? ` (failing: ${lh.failedA11y.join(', ')})` : '';
    console.error(
      `${page.path}: ${kb(js.gzipKb)} KB, performance ${results.map((r) => r.performance).join('/')}${failed}`,
    );
  }
  if (!args['js-only']) {
    const date = new Date().toISOString().slice(0, 10);
    const markdown = `Measured ${date}, Lighthouse mobile (simulated slow 4G, 4× CPU slowdown) or desktop (Lighthouse's desktop preset), median of ${runs} run(s) by performance; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end.\n\n${table(rows)}`;
    console.log(markdown);
    if (args.write) await writeReport(markdown);
  }
} finally {
  await browser.close();
  await server.stop();
}
