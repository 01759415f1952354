#!/usr/bin/env node
/**
 * Where a page's main-thread time goes while it boots: loads a URL in Chromium at 390 px with a
 * 4× CPU slowdown (Lighthouse's mobile setting), records a trace, and prints each task over
 * 50 ms with its trace events and the functions its CPU samples landed in, then a JSON line
 * with the first contentful paint, the blocking time after it and the busy time.
 *
 *   node apps/web/scripts/trace-boot.mjs http://127.0.0.1:8080/login [--quiet] [--rate 4] [--over 50]
 *
 * `--rate 1 --over 12.5` traces at full speed and prints what Lighthouse would count: it runs
 * the page unthrottled and multiplies each task by 4, so a task over 12.5 ms blocks.
 *
 * Single runs vary by ±50 % on a shared machine: compare builds side by side, several runs
 * each. An unminified build (`npx vite build --minify false --outDir /tmp/x`, served with
 * WEB_DIST=/tmp/x) names the functions.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [url] = process.argv.slice(2).filter((a) => a.startsWith('http'));
const quiet = process.argv.includes('--quiet');
// --rate 1 traces at full speed, as Lighthouse does before it multiplies each task by 4;
// --over sets the task length printed (ms).
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const rate = option('--rate', 4);
const over = option('--over', 50);
if (!url) throw new Error('usage: trace-boot.mjs <url> [--quiet] [--rate 4] [--over 50]');
const TRACE = join(tmpdir(), `trace-boot-${process.pid}.json`);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate });
await browser.startTracing(page, {
  path: TRACE,
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'disabled-by-default-v8.cpu_profiler',
    'v8.execute',
    'toplevel',
    'loading',
  ],
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
await browser.stopTracing();
await browser.close();

const { traceEvents: events } = JSON.parse(readFileSync(TRACE, 'utf8'));
// The page's renderer: the main thread that parsed the most HTML (not about:blank's).
const parses = (t) =>
  events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'ParseHTML').length;
const main = events
  .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  .sort((a, b) => parses(b) - parses(a))[0];
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
const start = Math.min(...onMain.map((e) => e.ts).filter((ts) => ts > 0));
const fcp =
  events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? start;
const ms = (us) => Math.round(us / 1000);

const nodes = new Map();
const samples = [];
for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid)) {
  const profile = chunk.args.data.cpuProfile ?? {};
  for (const node of profile.nodes ?? []) nodes.set(node.id, node);
  let ts =
    samples.at(-1)?.[0] ??
    events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.id === chunk.id)?.args.data
      .startTime ??
    0;
  (profile.samples ?? []).forEach((id, i) => {
    ts += chunk.args.data.timeDeltas?.[i] ?? 0;
    samples.push([ts, id]);
  });
}
const frameName = (node) => {
  const frame = node?.callFrame ?? {};
  return `${frame.functionName || '(anon)'} ${(frame.url ?? '').split('/').pop()}:${frame.lineNumber ?? ''}`;
};
const top = (counts, n) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n);

const longTasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > over * 1000);
let blocking = 0;
for (const task of longTasks) {
  const end = task.ts + task.dur;
  if (task.ts > fcp) blocking += Math.max(0, (task.dur / 1000) * (4 / rate) - 50);
  if (quiet) continue;
  const inner = new Map();
  for (const e of onMain) {
    if (e === task || e.ph !== 'X' || e.ts < task.ts || e.ts >= end || e.dur < 3000) continue;
    const key = e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : '');
    inner.set(key, (inner.get(key) ?? 0) + e.dur / 1000);
  }
  const where = new Map();
  for (const [ts, id] of samples) {
    if (ts < task.ts || ts >= end) continue;
    const key = frameName(nodes.get(id));
    where.set(key, (where.get(key) ?? 0) + 1);
  }
  console.log(`\ntask at ${ms(task.ts - start)} ms, ${ms(task.dur)} ms`);
  console.log(
    '  events:',
    top(inner, 8)
      .map(([k, v]) => `${k}=${Math.round(v)}`)
      .join(' | '),
  );
  console.log(
    '  samples:',
    top(where, 10)
      .map(([k, v]) => `${k}×${v}`)
      .join(' | '),
  );
}
const busy = onMain
  .filter((e) => e.name === 'RunTask' && e.ts > fcp)
  .reduce((sum, e) => sum + e.dur, 0);
console.log(
  JSON.stringify({ fcp: ms(fcp - start), blocking: Math.round(blocking), busy: ms(busy) }),
);
