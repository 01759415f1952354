import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

/** A built web app as the Vite build leaves it: hashed assets and pages, each with .br and .gz. */
const SCRIPT = `console.log(${JSON.stringify('招标'.repeat(2000))});`;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const LOGIN = '<!doctype html><html><body><div id="root"><h1>账号登录</h1></div></body></html>';

function writeFixture(dir: string) {
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'assets/index-Ab12Cd34.js': SCRIPT,
    'index.html': INDEX,
    'login.html': LOGIN,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('the built web app', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tender-web-dist-'));
    writeFixture(dir);
    t = await startTestApp({ seed: 'none', config: { webDist: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset as brotli to a browser that accepts it, cached for a year', async () => {
    const reply = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when the browser accepts gzip but not brotli', async () => {
    const reply = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(reply.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when the browser accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const reply = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.body).toBe(SCRIPT);
    }
  });

  it('never lets a browser keep index.html, whichever path served it', async () => {
    for (const url of ['/', '/index.html', '/tender_list', '/auditLog?pageNum=2']) {
      const reply = await get(url, 'br');
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
      expect(reply.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(reply.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('answers a public page that has its own static frame with that page', async () => {
    const reply = await get('/login?redirect=/tender_list', 'gzip');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(reply.rawPayload).toString()).toBe(LOGIN);
    const plain = await get('/login');
    expect(plain.body).toBe(LOGIN);
  });

  it('keeps the security headers on pages and assets', async () => {
    for (const url of ['/login', '/assets/index-Ab12Cd34.js']) {
      const csp = String((await get(url, 'br')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('revalidates unhashed files and reports a missing asset as not found', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    const missing = await get('/assets/gone-Zz99.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
