import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { powers, rolePowers, roles, seededPowers } from '../db/schema/index.js';
import {
  BUILT_IN_POWER_CODES,
  POWER_TREE,
  ROLE_SEEDS,
  type PowerSeed,
} from '../db/built-in-powers.js';

/** Marks every power of this release's tree as received (fresh installations). */
export async function recordSeededPowers(tx: Tx) {
  await tx
    .insert(seededPowers)
    .values(BUILT_IN_POWER_CODES.map((code) => ({ code })))
    .onConflictDoNothing();
}

/**
 * A release that adds screens or buttons adds their powers to an existing installation: each
 * seeded power this installation never received is created under its parent and granted to
 * the built-in roles the seed gives it to. Powers received before stay as the administrator
 * keeps them, deleted ones included.
 */
export async function addNewSeededPowers(tx: Tx) {
  const received = new Set((await tx.select().from(seededPowers)).map((r) => r.code));
  const existing = await tx.select({ id: powers.id, code: powers.code }).from(powers);
  const idByCode = new Map(existing.map((p) => [p.code, p.id]));
  const added: string[] = [];

  async function walk(nodes: PowerSeed[], superior: number) {
    for (const [sort, node] of nodes.entries()) {
      let id = idByCode.get(node.code);
      if (id === undefined && received.has(node.code)) continue; // deleted by an administrator
      if (id === undefined) {
        const [row] = await tx
          .insert(powers)
          .values({
            type: node.type,
            superior,
            title: node.title,
            code: node.code,
            powerUrl: node.powerUrl ?? null,
            icon: node.icon ?? null,
            sort: sort + 1,
            hidden: node.hidden ?? false,
          })
          .returning({ id: powers.id });
        id = row!.id;
        idByCode.set(node.code, id);
        added.push(node.code);
      }
      if (node.children) await walk(node.children, id);
    }
  }
  await walk(POWER_TREE, 0);
  await recordSeededPowers(tx);
  if (added.length === 0) return added;

  const builtIn = await tx
    .select({ id: roles.id, roleName: roles.roleName })
    .from(roles)
    .where(
      inArray(
        roles.roleName,
        ROLE_SEEDS.map((r) => r.roleName),
      ),
    );
  for (const role of builtIn) {
    const seed = ROLE_SEEDS.find((r) => r.roleName === role.roleName)!;
    const granted = added.filter((code) => seed.powers === 'all' || seed.powers.includes(code));
    if (granted.length === 0) continue;
    await tx
      .insert(rolePowers)
      .values(granted.map((code) => ({ roleId: role.id, powerId: idByCode.get(code)! })))
      .onConflictDoNothing();
  }
  return added;
}

/**
 * A release that adds a built-in role (evaluation_expert) creates it on an existing
 * installation with the powers the seed gives it; a role of that name the administrators made
 * themselves is left as it is.
 */
export async function addMissingBuiltInRoles(tx: Tx) {
  const existing = new Set(
    (await tx.select({ roleName: roles.roleName }).from(roles)).map((r) => r.roleName),
  );
  const missing = ROLE_SEEDS.filter((seed) => !existing.has(seed.roleName));
  if (missing.length === 0) return [];
  const allPowers = await tx.select({ id: powers.id, code: powers.code }).from(powers);
  const idByCode = new Map(allPowers.map((p) => [p.code, p.id]));
  for (const seed of missing) {
    const [role] = await tx
      .insert(roles)
      .values({ roleName: seed.roleName, description: seed.description, builtIn: true })
      .returning({ id: roles.id });
    const powerIds =
      seed.powers === 'all'
        ? allPowers.map((p) => p.id)
        : seed.powers.flatMap((code) => idByCode.get(code) ?? []);
    if (powerIds.length)
      await tx
        .insert(rolePowers)
        .values(powerIds.map((powerId) => ({ roleId: role!.id, powerId })));
  }
  return missing.map((seed) => seed.roleName);
}
