import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, auth } from '@tender/contracts';
import { DEMO_PASSWORDS, startTestApp, type TestApp } from './support/app.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

it('logs the login query string and every request, with passwords, tokens and Authorization redacted', async () => {
  await t.raw({
    method: 'POST',
    url: `${API_BASE}${auth.login.path}?username=admin&password=${encodeURIComponent(DEMO_PASSWORDS.admin)}`,
  });
  const token = await t.login('manager');
  await t.call(auth.listMenuByUser, { token });
  await t.call(auth.listMenuByUser, {}, token);
  const log = lines.join('\n');
  expect(log).toContain(`${auth.login.path}?username=admin&password=[Redacted]`);
  expect(log).toContain('token=[Redacted]');
  expect(log).not.toContain(DEMO_PASSWORDS.admin);
  expect(log).not.toContain(DEMO_PASSWORDS.manager);
  expect(log).not.toContain(token);
});
