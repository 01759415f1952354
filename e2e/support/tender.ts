import type { Locator, Page } from 'playwright-core';
import { button, callApi, dialog } from './admin';

/** GB 32100 check character (the server and the register form check it). */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A well-formed unified social credit code that no demo company holds. */
export function creditCode(seed = Date.now()): string {
  const body = `91310115${String(seed % 1e9).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ALPHABET.indexOf(body[i]!) * WEIGHTS[i]!;
  return body + ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** A small but real one-page PDF (the server checks the content, not only the name). */
export function smallPdf(text = 'Technical specification'): Buffer {
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** "YYYY-MM-DD HH:mm" in local time (the browser and the test share the machine's zone). */
export function pickerText(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Types a date-time into an Ant Design picker and confirms it. */
export async function typeDate(scope: Page | Locator, page: Page, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
  await page
    .locator('.ant-picker-dropdown:visible')
    .waitFor({ state: 'hidden' })
    .catch(() => {
      return page.keyboard.press('Escape');
    });
}

/** The server's clock (system-info), in milliseconds. */
export async function serverNow(baseUrl: string): Promise<number> {
  const answer = await callApi(baseUrl, '', '/api/public/system-info');
  const data = answer.body.data as { serverTime: string };
  return Date.parse(data.serverTime);
}

/** Logs in through the API and answers the token (for arranging data quickly). */
export async function apiLogin(baseUrl: string, username: string, password: string) {
  const response = await fetch(
    `${baseUrl}/tendering-service/api/token/get-by-username-and-password`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    },
  );
  const body = (await response.json()) as { code: number; data?: string };
  if (body.code !== 0 || !body.data) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Fails the test when the page scrolls sideways (a phone screen must fit 390 px). */
export async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Saves every open page of `contexts` when a test failed (the suite saves only its own page). */
export async function screenshotPagesOnFailure(
  contexts: { pages(): Page[] }[],
  task: { name: string; result?: { state?: string } },
) {
  if (task.result?.state !== 'fail') return;
  const { screenshot } = await import('./browser');
  let n = 0;
  for (const context of contexts)
    for (const page of context.pages())
      if (!page.isClosed())
        await screenshot(
          page,
          `FAILED-${task.name.slice(0, 30).replace(/[^\w\u4e00-\u9fa5]+/g, '-')}-${++n}`,
        ).catch(() => undefined);
}

/** Waits until running animations end (a dialog that is still zooming in may miss a click). */
export async function settled(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running'),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

/** The open tab's panel (antd 6 names it `ant-tabs-content-active`; the role is stabler). */
export const activeTabPanel = (page: Page) => page.locator('[role=tabpanel][aria-hidden=false]');

/** Moves the server's clock forward (a server started with TEST_CLOCK=1); answers its new time. */
export async function advanceServerClock(baseUrl: string, ms: number): Promise<number> {
  const response = await fetch(`${baseUrl}/tendering-service/test-clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceMs: Math.round(ms) }),
  });
  if (!response.ok) throw new Error(`test-clock: ${response.status} ${await response.text()}`);
  return Date.parse(((await response.json()) as { now: string }).now);
}

/**
 * Fills the quotation form, confirms the sealed submission and answers the receipt dialog. A
 * `passphrase` is for a `bidder`-mode tender: the browser encrypts under it (typed twice).
 */
export async function quote(
  page: Page,
  price: string,
  words: string,
  delivery: string,
  passphrase?: string,
) {
  const form = dialog(page);
  await form.getByLabel('投标总价').fill(price);
  await form.getByTestId('price-in-words').getByText(words).waitFor();
  await form.getByLabel('交货期（天）').fill(delivery);
  await form.getByLabel('质保期（月）').fill('24');
  await form.getByLabel('备注').fill('含运输、安装指导及现场调试');
  if (passphrase !== undefined) {
    await form.getByLabel('解密口令').fill(passphrase);
    await form.getByLabel('确认口令').fill(passphrase);
  }
  await button(form, '提交').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.waitFor();
  await settled(page);
  await button(confirm, '确认提交').click();
  const receipt = page.locator('.ant-modal', { hasText: '投标回执' });
  // The server hashes the attachments as it takes the bid: a 50 MB one takes seconds.
  await receipt.waitFor({ timeout: 60_000 });
  return receipt;
}
