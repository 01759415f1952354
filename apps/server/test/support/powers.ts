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

/**
 * A new role holding exactly the powers named by code, and a user of that role, logged in:
 * answers the role id and the user's token.
 */
export async function userWithPowers(
  t: TestApp,
  adminToken: string,
  username: string,
  roleName: string,
  codes: string[],
) {
  const { admin, role } = await import('@tender/contracts');
  const created = await t.call(
    role.insertRole,
    { roleName, powerIds: await powerIds(t, adminToken, codes) },
    adminToken,
  );
  const roleId: number = created.body.data.roleId;
  const user = await t.call(
    admin.insertAdmin,
    { username, password: 'Tender2026x', realName: roleName, roleId },
    adminToken,
  );
  if (user.body.code !== 0) throw new Error(`cannot create ${username}: ${user.body.errorMsg}`);
  return { roleId, token: await t.login(username, 'Tender2026x') };
}
