import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite } from './support/suite';
import { logIn, navigateInApp } from './support/browser';
import { callApi } from './support/admin';
import {
  advanceServerClock,
  apiLogin,
  creditCode,
  screenshotPagesOnFailure,
  serverNow,
} from './support/tender';

/**
 * Every stored text field a screen renders, filled through the API with the usual payloads, is
 * inert in Chromium: no dialog, no request to a foreign host, and no `on*` attribute,
 * `javascript:` link or foreign source in the rendered page. Each payload carries a marker, so a
 * screen is checked only once the field is on it.
 */
const suite = browserSuite({ TEST_CLOCK: '1' });

const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '"><svg onload=alert(1)>',
  '<img src="http://evil.example/x.png">',
].join('');
/** All payloads, after a marker naming the field. */
const full = (marker: string) => `${marker}${ATTACKS}`;
/** For fields of at most 50 characters: a broken-out attribute and an SVG handler. */
const short = (marker: string) => `${marker}"><svg onload=alert(1)>`;

const M = {
  title: 'XSS招标标题',
  description: 'XSS招标内容',
  contact: 'XSS联系人',
  region: 'XSS地区',
  amendment: 'XSS修改原因',
  company: 'XSS公司',
  legal: 'XSS法人',
  companyContact: 'XSS企业联系人',
  address: 'XSS地址',
  scope: 'XSS经营范围',
  review: 'XSS审核原因',
  remark: 'XSS投标备注',
  candidateReason: 'XSS推荐理由',
  announcementTitle: 'XSS公告标题',
  announcementContent: 'XSS公告内容',
  objection: 'XSS异议',
  answer: 'XSS答复',
  revoke: 'XSS撤销原因',
  realName: 'XSS姓名',
} as const;

const ACCOUNT = { username: 'xss.supplier', password: 'Xss@2026safe' };
const contexts: BrowserContext[] = [];
const problems: string[] = [];
let tenderId = 0;
let announcementId = 0;

async function ok(path: string, token: string, body?: unknown) {
  const answer = await callApi(suite.baseUrl, token, path, body);
  expect(answer.body, `${path}: ${JSON.stringify(answer.body)}`).toMatchObject({ code: 0 });
  return answer.body.data as Record<string, unknown>;
}

beforeAll(async () => {
  const admin = await apiLogin(suite.baseUrl, 'admin', 'Admin@12345');
  const manager = await apiLogin(suite.baseUrl, 'manager', 'Manager@12345');
  const bidder1 = await apiLogin(suite.baseUrl, 'bidder1', 'Bidder@12345');

  await ok('/api/admin/dictionary-management/insert-dict-item', admin, {
    typeCode: 'region',
    label: short(M.region),
    value: 'xss_region',
  });
  await ok('/api/admin/admin-management/update-my-info', bidder1, {
    realName: short(M.realName),
  });

  const answer = await callApi(suite.baseUrl, '', '/api/public/register', {
    companyName: `${M.company}<img src=x onerror=alert(1)>有限公司`,
    creditCode: creditCode(20261124),
    legalRepresentative: short(M.legal),
    contactName: short(M.companyContact),
    phone: '13812345678',
    email: 'xss@example.cn',
    address: full(M.address),
    registeredCapital: '1000 万元',
    businessScope: full(M.scope),
    categories: ['switchgear'],
    username: ACCOUNT.username,
    password: ACCOUNT.password,
  });
  expect(answer.body).toMatchObject({ code: 0 });
  const suppliers = await ok(
    '/api/supplier/supplier/list-supplier?status=pending&pageNum=1&pageSize=50',
    manager,
  );
  const company = (suppliers.list as { id: number; companyName: string }[]).find((s) =>
    s.companyName.startsWith(M.company),
  )!;
  await ok('/api/supplier/supplier/audit-supplier', manager, {
    id: company.id,
    action: 'approve',
    reason: full(M.review),
  });
  const supplier = await apiLogin(suite.baseUrl, ACCOUNT.username, ACCOUNT.password);

  const now = await serverNow(suite.baseUrl);
  const created = await ok('/api/ttender/ttender/insert-ttender', manager, {
    title: full(M.title),
    category: 'switchgear',
    region: 'xss_region',
    budget: 1_000_000,
    currency: 'CNY',
    contact: short(M.contact),
    contactPhone: '021-66668888',
    mandatory: false,
    bidDeadline: new Date(now + 3_600_000).toISOString(),
    minBids: 1,
    description: `<p>${M.description}</p>${ATTACKS}<p><a href="javascript:alert(1)" onclick="alert(1)">链接</a></p>`,
  });
  tenderId = created.id as number;
  await ok('/api/ttender/ttender/publish-ttender', manager, { id: tenderId });
  await ok('/api/ttender/ttender/amend-ttender', manager, {
    id: tenderId,
    reason: full(M.amendment),
    contactPhone: '021-66669999',
  });
  const bidIds: number[] = [];
  for (const token of [bidder1, supplier]) {
    await ok(`/api/ttender/ttender/add-supply-ttender?tenderId=${tenderId}`, token);
    const receipt = await ok('/api/bidding/bid-management/submit-bid', token, {
      tenderId,
      totalPrice: 900_000 + bidIds.length * 10_000,
      currency: 'CNY',
      deliveryDays: 60,
      warrantyMonths: 24,
      remark: full(M.remark),
    });
    bidIds.push(receipt.bidId as number);
  }
  await advanceServerClock(suite.baseUrl, 2 * 3_600_000);
  await ok('/api/ttender/ttender/open-bids', manager, { id: tenderId });
  const draft = await ok('/api/ttender/ttender/publish-candidates', manager, {
    id: tenderId,
    candidates: bidIds.map((bidId, i) => ({
      bidId,
      rank: i + 1,
      reason: full(M.candidateReason),
    })),
  });
  announcementId = draft.announcementId as number;
  await ok('/api/announcement/announcement-management/update-announcement', manager, {
    id: announcementId,
    title: full(M.announcementTitle),
    content: `<p>${M.announcementContent}</p>${ATTACKS}`,
  });
  await ok('/api/announcement/announcement-management/publish-announcement', manager, {
    id: announcementId,
  });
  const objection = await ok('/api/objection/objection-management/insert-objection', bidder1, {
    announcementId,
    content: full(M.objection),
  });
  await ok('/api/objection/objection-management/answer-objection', manager, {
    id: objection.id,
    answer: full(M.answer),
  });
  await ok('/api/announcement/announcement-management/revoke-announcement', manager, {
    id: announcementId,
    reason: full(M.revoke),
  });
}, 120_000);

afterEach(({ task }) => screenshotPagesOnFailure(contexts, task));
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A browser profile that records dialogs and requests leaving the server, and aborts the latter. */
async function watchedPage(account?: Parameters<typeof logIn>[1]) {
  const context = await suite.newContext();
  contexts.push(context);
  const local = new URL(suite.baseUrl).host;
  await context.route(
    (url) => url.protocol.startsWith('http') && url.host !== local,
    async (route) => {
      problems.push(`request to ${route.request().url()}`);
      await route.abort();
    },
  );
  const page = await context.newPage();
  page.on('dialog', async (d) => {
    problems.push(`dialog on ${page.url()}: ${d.message()}`);
    await d.dismiss();
  });
  if (account) await logIn(page, account);
  return page;
}

/** What an injected payload would leave in the DOM if it had survived as markup. */
async function liveMarkup(page: Page) {
  return page.evaluate((local) => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const value = attr.value.trim().toLowerCase();
        if (attr.name.startsWith('on')) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
        if (['href', 'src', 'xlink:href', 'action', 'formaction'].includes(attr.name)) {
          if (value.startsWith('javascript:')) found.push(`${el.tagName} ${attr.name}=${value}`);
          if (attr.name !== 'href' && /^(https?:)?\/\//.test(value) && !value.includes(local))
            found.push(`${el.tagName} ${attr.name}=${value}`);
        }
      }
      if (el.tagName === 'SCRIPT' && el.textContent?.includes('alert(1)'))
        found.push('inline script');
    }
    return found;
  }, new URL(suite.baseUrl).host);
}

/**
 * Opens `path`, waits for every marker to show, and checks the page is inert. A profile's first
 * page loads the app; the next are reached inside it, as a person's click does. (A reload boots
 * the app again, and on a busy machine the menu's request at boot once ran past the 5 s time-out,
 * which ends the session by the guard's rule: the page showed the login form, not the markers.)
 */
async function check(page: Page, path: string, markers: string[]) {
  if (page.url().startsWith(suite.baseUrl)) await navigateInApp(page, path);
  else await page.goto(path);
  // Shown as text or held by a form field (a company's own details are edited in place), on the
  // open screen: the screens of other tabs stay in the page, hidden.
  await page
    .waitForFunction(
      (wanted) =>
        wanted.every(
          (marker) =>
            document.body.innerText.includes(marker) ||
            Array.from(document.querySelectorAll<HTMLInputElement>('input, textarea')).some(
              (field) => field.checkVisibility() && field.value.includes(marker),
            ),
        ),
      markers,
      { timeout: 30_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${path}: not every marker showed; the page is at ${page.url()}`, {
        cause: error,
      });
    });
  await page.waitForLoadState('networkidle');
  expect(await liveMarkup(page), path).toEqual([]);
  expect(problems, path).toEqual([]);
}

describe('stored text renders inert', () => {
  it('on the manager screens', async () => {
    const page = await watchedPage('manager');
    const detail = `/denderManagement_details?id=${tenderId}`;
    await check(page, '/tender_list', [M.title]);
    await check(page, `${detail}&tab=info`, [M.title, M.description, M.contact, M.region]);
    await check(page, `${detail}&tab=amendments`, [M.amendment]);
    await check(page, `${detail}&tab=participants`, [M.company]);
    await check(page, `${detail}&tab=opening-record`, [M.company]);
    await check(page, `${detail}&tab=comparison`, [M.company]);
    await check(page, `${detail}&tab=publicity`, [M.announcementTitle, M.objection]);
    await check(page, `/announcementDetail?id=${announcementId}`, [
      M.announcementTitle,
      M.announcementContent,
      M.candidateReason,
      M.revoke,
      M.objection,
    ]);
    await check(page, '/announcement', [M.announcementTitle]);
    await check(page, '/supply?status=approved', [M.company]);
  }, 180_000);

  it('on the bidder screens and in the bell', async () => {
    const page = await watchedPage('bidder1');
    await check(page, `/downloadTender?id=${tenderId}`, [M.title, M.description, M.amendment]);
    await check(page, '/bidding?pageSize=50', [M.title]);
    await check(page, `/announcementDetail?id=${announcementId}`, [
      M.announcementTitle,
      M.objection,
      M.answer,
      M.revoke,
    ]);
    await page
      .locator('.app-navbar')
      .getByRole('button', { name: /bell|通知/ })
      .first()
      .click();
    await page.getByText(M.title).first().waitFor();
    expect(await liveMarkup(page)).toEqual([]);
    expect(problems).toEqual([]);

    const company = await watchedPage(ACCOUNT);
    await check(company, '/updateInfo', [M.company, M.legal, M.companyContact, M.scope]);
  }, 120_000);

  it('on the public search and the admin screens', async () => {
    const visitor = await watchedPage();
    await check(visitor, `/tenderMsgSearch?id=${tenderId}`, [M.title, M.description]);
    await check(visitor, `/tenderMsgSearch?tab=award&announcement=${announcementId}`, [
      M.announcementTitle,
      M.revoke,
    ]);

    const admin = await watchedPage('admin');
    await check(admin, '/administrator?username=bidder1', [M.realName]);
    await check(admin, '/dictionary?type=region', [M.region]);
  }, 120_000);
});
