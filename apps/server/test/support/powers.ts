import { power, type Power } from '@tender/contracts';
import type { TestApp } from './app.js';

const flatten = (nodes: Power[]): Power[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** Power ids by code, read through the API as an administrator would. */
export async function powerIds(t: TestApp, token: string, codes: string[]) {
  const all = flatten((await t.call(power.listPower, {}, token)).body.data);
  return codes.map((code) => {
    const found = all.find((p) => p.code === code);
    if (!found) throw new Error(`no power ${code}`);
    return found.id;
  });
}
export const allPowers = async (t: TestApp, token: string) =>
  flatten((await t.call(power.listPower, {}, token)).body.data);
