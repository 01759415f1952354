#!/usr/bin/env node
/**
 * Screenshots of /login, /register and a manager's /tender_list at 1440 and 390 px, to compare a
 * build with another (`npm run build` first). Starts the built server with a fresh demo database
 * unless `--url` is given (`WEB_DIST=<folder>` serves another build's files).
 *
 *   node apps/web/scripts/screenshots.mjs --out /tmp/shots-before [--url http://host:port]
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: join(tmpdir(), 'web-shots') },
    url: { type: 'string' },
  },
});

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
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tender-shots-'));
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    if (
      await fetch(`${baseUrl}/tendering-service/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('server not healthy after 180 s');
}

const server = args.url ? { baseUrl: args.url, stop: async () => {} } : await startServer();
await mkdir(args.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
});
try {
  const login = await fetch(
    `${server.baseUrl}/tendering-service/api/token/get-by-username-and-password`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'Manager@12345' }),
    },
  ).then((r) => r.json());
  for (const width of [1440, 390]) {
    for (const path of ['/login', '/register', '/tender_list']) {
      const context = await browser.newContext({
        viewport: { width, height: width > 800 ? 900 : 844 },
      });
      if (path === '/tender_list')
        await context.addInitScript(
          `sessionStorage.setItem('Admin-Token', ${JSON.stringify(login.data)});`,
        );
      const page = await context.newPage();
      await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
      if (path === '/tender_list') {
        // The list's rows, drawn and no longer loading (the table fades them while it loads).
        await page.locator('.ant-table-row').first().waitFor();
        await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      }
      await page.waitForTimeout(1500);
      await page.screenshot({
        path: join(args.out, `${path.slice(1)}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
