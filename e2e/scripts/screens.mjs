// Full-page screenshots of every screen at 1440 and 390 px, for comparing two builds pixel by pixel
// (compare-screens.mjs): the public pages, each demo role's menu screens, and the main detail
// screens, drawers and forms. Usage, after `npm run build`:
//   node e2e/scripts/screens.mjs OUT_DIR [--only=REGEX]
// The server runs as the e2e suite runs it (demo seed, fresh DATA_DIR, free port), but its clock
// stands still at FROZEN_AT and the browser's with it: the seed dates its tenders from "now", so
// on a running clock every date, countdown and 剩余 time would differ between two runs.
/* global document, getComputedStyle, requestAnimationFrame -- used in code that page.evaluate runs in the browser */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

/** 10:00 in China, a weekday. */
const FROZEN_AT = Date.parse('2026-11-20T02:00:00.000Z');

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** One account per demo role (bidder2 and bidder3 see what bidder1 sees). */
const ACCOUNTS = {
  admin: 'Admin@12345',
  manager: 'Manager@12345',
  bidder1: 'Bidder@12345',
  bidder4: 'Bidder@12345', // its company waits for review
};

/** Demo tenders (apps/server/src/seed): amended with documents and sign-ups, opened, awarded. */
const DEMO_TITLE = '华东电网 2026 年第一批 110kV 主变压器采购';
const OPEN_WITH_BIDS_TITLE = '华东区域 35kV 箱式变电站采购';
const BIDDABLE_TITLE = '220kV 变电站继电保护装置改造项目';
const OPENED_TITLE = '储能电站电池预制舱采购';
const AWARDED_TITLE = '变电站综合自动化设备采购';
const SUPPLIER_NAME = '华能电气设备有限公司';

/** Makes two runs comparable: no motion, no blinking caret. */
const STILL_CSS =
  '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}';

const args = process.argv.slice(2);
// Through `npm run screens -w e2e`, npm runs this in e2e/: paths are the caller's (INIT_CWD).
const given = args.find((a) => !a.startsWith('--'));
const outDir = given && resolve(process.env.INIT_CWD ?? process.cwd(), given);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (!outDir) {
  console.error('usage: node e2e/scripts/screens.mjs OUT_DIR [--only=REGEX]');
  process.exit(2);
}
const wanted = (name) => !only || new RegExp(only).test(name);

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** Date.now() and new Date() answer FROZEN_AT in the server process (timers still run). */
const frozenClockModule = (at) => `
const RealDate = Date;
const at = ${at};
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length === 0 ? [at] : args, newTarget),
  apply: () => new RealDate(at).toString(),
  get: (target, key) => (key === 'now' ? () => at : Reflect.get(target, key)),
});
`;

async function startServer() {
  for (const file of [MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tender-screens-'));
  const clockFile = join(dataDir, 'frozen-clock.mjs');
  await writeFile(clockFile, frozenClockModule(FROZEN_AT));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', pathToFileURL(clockFile).href, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // The frozen clock never ends a rate-limit window.
      LOGIN_RATE_LIMIT: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/tendering-service/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy after 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}

async function api(baseUrl, token, path, body) {
  const response = await fetch(`${baseUrl}/tendering-service${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: token } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

const apiLogin = (baseUrl, username) =>
  api(baseUrl, undefined, '/api/token/get-by-username-and-password', {
    username,
    password: ACCOUNTS[username],
  });

/** The screens an account's menu leads to, in menu order (hidden entries need an id: skipped). */
function menuPaths(entries, out = []) {
  for (const entry of entries) {
    // Groups (with visible children) are not screens; a menu's hidden children are its details.
    const isScreen = !entry.hidden && entry.subList.every((child) => child.hidden);
    if (isScreen && entry.powerUrl) {
      out.push(entry.powerUrl.startsWith('/') ? entry.powerUrl : `/${entry.powerUrl}`);
    }
    menuPaths(entry.subList, out);
  }
  return [...new Set(out)];
}

/** Ids of the demo records the detail screens show, looked up once through the API. */
async function demoIds(baseUrl) {
  const token = await apiLogin(baseUrl, 'manager');
  const tenderId = async (title) => {
    const found = await api(
      baseUrl,
      token,
      `/api/ttender/ttender/list-ttender?pageSize=100&keyword=${encodeURIComponent(title)}`,
    );
    const tender = found.list.find((t) => t.title === title);
    if (!tender) throw new Error(`demo tender not found: ${title}`);
    return tender.id;
  };
  const ids = {};
  for (const [key, title] of Object.entries({
    demo: DEMO_TITLE,
    openWithBids: OPEN_WITH_BIDS_TITLE,
    biddable: BIDDABLE_TITLE,
    opened: OPENED_TITLE,
    awarded: AWARDED_TITLE,
  })) {
    ids[key] = await tenderId(title);
  }
  return ids;
}

const slug = (path) =>
  path
    .replace(/^\//, '')
    .replace(/[?&=]+/g, '_')
    .replace(/[^\w\u4e00-\u9fa5-]+/g, '-') || 'root';

/** Counts the page's requests in flight, to wait for a quiet network after a click too. */
function trackRequests(page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by) => {
    inFlight = Math.max(0, inFlight + by);
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async function quiet(quietMs = 500, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) {
        console.warn(`  network still busy after ${timeoutMs / 1000} s: ${page.url()}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** Waits until the page is still: requests answered, fonts loaded, no spinner or skeleton. */
async function settle(page) {
  await page.quiet();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .waitForFunction(
      () =>
        // Lazy screens draw nothing (Suspense without fallback) until their code has loaded.
        (
          document.querySelector('.app-main') ?? document.querySelector('#root')
        )?.innerText.trim() &&
        !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading') &&
        document.getAnimations().every((a) => a.playState !== 'running'),
      undefined,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => console.warn(`  still busy after 10 s: ${page.url()}`));
  await page.quiet();
  // Two frames, so what React committed last is painted.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );
}

/**
 * The layout scrolls inside its own box (and a drawer inside its body), so a full-page picture of
 * the window would cut the screen off: the window grows until nothing scrolls, as far as growing
 * helps (a box of fixed height keeps its scroll bar).
 */
async function growToContent(page, viewport) {
  const overflow = () =>
    page.evaluate(() => {
      let most = 0;
      for (const element of document.querySelectorAll('body *')) {
        if (element.clientHeight === 0) continue;
        if (!/auto|scroll/.test(getComputedStyle(element).overflowY)) continue;
        most = Math.max(most, element.scrollHeight - element.clientHeight);
      }
      return most;
    });
  let height = viewport.height;
  let extra = await overflow();
  for (let round = 0; round < 4 && extra > 0 && height < 20_000; round++) {
    await page.setViewportSize({ width: viewport.width, height: height + extra });
    await settle(page);
    const left = await overflow();
    if (left >= extra) {
      await page.setViewportSize({ width: viewport.width, height });
      await settle(page);
      return;
    }
    height += extra;
    extra = left;
  }
}

async function newPage(browser, baseUrl, viewport) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    deviceScaleFactor: 1,
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript((css) => {
    const add = () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add);
  }, STILL_CSS);
  const page = await context.newPage();
  page.quiet = trackRequests(page);
  // Fixed time only: timers still run, so react-query and the countdowns' ticks carry on.
  await page.clock.setFixedTime(FROZEN_AT);
  return page;
}

/**
 * Each screen as on a first visit: at 1440 px the app had folded its sidebar (cookie
 * sidebarStatus=0) after the second screen of a run, and kept it folded for the rest.
 */
const firstVisit = (page) => page.context().clearCookies({ name: 'sidebarStatus' });

async function logIn(page, username) {
  await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(ACCOUNTS[username]);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('.app-navbar').waitFor();
}

const visibleDrawer = (page) => page.locator('.ant-drawer-content-wrapper:visible').last();
const visibleModal = (page) => page.locator('.ant-modal:visible').last();

/** Screens outside the layout. */
function publicShots(ids) {
  return [
    { name: 'root', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register', ready: (p) => p.locator('form').first().waitFor() },
    {
      name: 'tenderMsgSearch',
      path: '/tenderMsgSearch',
      ready: (p) => p.locator('.public-result-card').first().waitFor(),
    },
    {
      name: 'tenderMsgSearch_keyword',
      path: `/tenderMsgSearch?keyword=${encodeURIComponent('变压器')}`,
      ready: (p) => p.locator('.public-result-card').first().waitFor(),
    },
    {
      name: 'tenderMsgSearch_drawer',
      path: `/tenderMsgSearch?id=${ids.demo}`,
      ready: (p) => visibleDrawer(p).getByText(DEMO_TITLE).first().waitFor(),
    },
    {
      name: 'tenderMsgSearch_award',
      path: '/tenderMsgSearch?tab=award',
      ready: (p) => p.locator('.public-result-card').first().waitFor(),
    },
    {
      name: 'tenderMsgSearch_award_drawer',
      path: '/tenderMsgSearch?tab=award',
      ready: async (p) => {
        await p.locator('.public-result-card').first().click();
        await visibleDrawer(p).waitFor();
      },
    },
    { name: '404', path: '/404' },
    { name: '401', path: '/401' },
  ];
}

/** Screens every signed-in account reaches from its menu, then the detail screens per role. */
function detailShots(account, ids) {
  const tenderTabs = (key, id) => ({
    name: `tender_detail_${key}`,
    path: `/denderManagement_details?id=${id}`,
    ready: (p) => p.locator('.ant-tabs-tab').first().waitFor(),
    tabs: true,
  });
  if (account === 'manager') {
    return [
      tenderTabs('demo', ids.demo),
      tenderTabs('open_with_bids', ids.openWithBids),
      tenderTabs('opened', ids.opened),
      tenderTabs('awarded', ids.awarded),
      {
        name: 'tender_list_form',
        path: '/tender_list',
        ready: async (p) => {
          await p.locator('.ant-table-row, .ant-card').first().waitFor();
          await p.getByRole('button', { name: /(^| )新建招标$/ }).click();
          await visibleModal(p).getByLabel('招标标题').waitFor();
        },
      },
      {
        name: 'supply_drawer',
        path: '/supply',
        ready: async (p) => {
          await p.getByText(SUPPLIER_NAME, { exact: true }).first().click();
          await visibleDrawer(p).getByText('统一社会信用代码').first().waitFor();
        },
      },
      {
        name: 'announcement_objections',
        path: '/announcement?tab=objections',
      },
      {
        name: 'announcementDetail',
        path: '/announcement',
        ready: async (p) => {
          await p.locator('a[href*="/announcementDetail?id="]').first().click();
          await p.waitForURL(/announcementDetail/);
        },
      },
    ];
  }
  if (account === 'bidder1') {
    return [
      {
        name: 'downloadTender',
        path: `/downloadTender?id=${ids.demo}`,
        ready: (p) => p.locator('.download-doc-name').first().waitFor(),
      },
      {
        name: 'bidding_form',
        path: '/bidding',
        ready: async (p) => {
          const item = p.locator('.ant-table-row, .ant-card', { hasText: BIDDABLE_TITLE }).last();
          await item.getByRole('button', { name: /(^| )(投\s*标|修改报价)$/ }).click();
          await visibleModal(p).getByLabel('投标总价').waitFor();
        },
      },
      {
        name: 'bidding_opening_record',
        path: '/bidding',
        ready: async (p) => {
          // The awarded tender is on the first page of bidder1's list, the opened one is not.
          const item = p.locator('.ant-table-row, .ant-card', { hasText: AWARDED_TITLE }).last();
          await item.getByRole('button', { name: /(^| )开标记录$/ }).click();
          await visibleDrawer(p).waitFor();
        },
      },
      {
        name: 'announcementDetail',
        path: '/announcement',
        ready: async (p) => {
          await p.locator('a[href*="/announcementDetail?id="]').first().click();
          await p.waitForURL(/announcementDetail/);
        },
      },
    ];
  }
  return [];
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => server.stop().finally(() => process.exit(130)));
  }
  const failures = [];
  let taken = 0;
  const started = Date.now();
  let browser;
  try {
    const ids = await demoIds(server.baseUrl);
    const menus = {};
    for (const account of Object.keys(ACCOUNTS)) {
      const token = await apiLogin(server.baseUrl, account);
      const menu = await api(server.baseUrl, token, '/api/admin/menu-management/list-menu-by-user');
      menus[account] = menuPaths(menu.menuList);
    }
    const plan = [['public', publicShots(ids)]];
    for (const account of Object.keys(ACCOUNTS)) {
      const fromMenu = menus[account].map((path) => ({ name: slug(path), path }));
      plan.push([account, [...fromMenu, ...detailShots(account, ids)]]);
    }

    for (const viewport of VIEWPORTS) {
      // The window as wide as the page: while the page is resized to its full height, the app
      // may see the window's own width for a moment, and the default 800 px is a phone to it
      // (it then folds the sidebar, on some screens and some runs only). This made it rarer, not
      // gone: 5 of 86 pictures at 1440 still differed between two runs by the folded sidebar.
      await browser?.close();
      browser = await launchChromium([
        '--font-render-hinting=none',
        `--window-size=${viewport.width},${viewport.height}`,
      ]);
      for (const [account, shots] of plan) {
        // A tabbed screen is filtered tab by tab.
        const todo = shots.filter(
          (s) => s.tabs || wanted(`${account}__${s.name}__${viewport.width}`),
        );
        if (todo.length === 0) continue;
        const page = await newPage(browser, server.baseUrl, viewport);
        try {
          if (account !== 'public') await logIn(page, account);
          let shotStart = Date.now();
          const shoot = async (name) => {
            // The pointer rests in the corner, hovering nothing (the sidebar opens on hover).
            await page.mouse.move(0, 0);
            await settle(page);
            await growToContent(page, viewport);
            const file = join(outDir, `${account}__${name}__${viewport.width}.png`);
            await page.screenshot({
              path: file,
              fullPage: true,
              animations: 'disabled',
              caret: 'hide',
            });
            taken += 1;
            await page.setViewportSize(viewport);
            console.log(`  ${account}__${name}__${viewport.width}  ${Date.now() - shotStart} ms`);
            shotStart = Date.now();
          };
          for (const shot of todo) {
            try {
              await firstVisit(page);
              await page.goto(shot.path);
              await settle(page);
              await shot.ready?.(page);
              if (!shot.tabs) {
                await shoot(shot.name);
                continue;
              }
              const keys = await page
                .locator('.ant-tabs-tab')
                .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-node-key')));
              for (const key of keys) {
                if (!wanted(`${account}__${shot.name}_${key}__${viewport.width}`)) continue;
                await firstVisit(page);
                await page.goto(`${shot.path}&tab=${key}`);
                await page.locator(`.ant-tabs-tab-active[data-node-key="${key}"]`).waitFor();
                await shoot(`${shot.name}_${key}`);
              }
            } catch (error) {
              failures.push(
                `${account}__${shot.name}__${viewport.width}: ${error.message.split('\n')[0]}`,
              );
              console.error(
                `  FAILED ${account}__${shot.name}__${viewport.width}: ${error.message.split('\n')[0]}`,
              );
            }
          }
        } finally {
          await page.context().close();
        }
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  console.log(`${taken} screenshots in ${outDir} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (failures.length > 0) {
    console.error(`${failures.length} failed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
