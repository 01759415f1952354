import { afterEach, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import {
  dictTypes,
  powers,
  rolePowers,
  roles,
  seededPowers,
  users,
} from '../src/db/schema/index.js';
import { ROLE_SEEDS } from '../src/db/built-in-powers.js';
import { seedDatabase } from '../src/seed/index.js';
import { openTestDatabase } from './support/database.js';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const counts = async (db: Database['db']) => ({
  users: (await db.select({ n: count() }).from(users))[0]!.n,
  roles: (await db.select({ n: count() }).from(roles))[0]!.n,
  powers: (await db.select({ n: count() }).from(powers))[0]!.n,
  dictTypes: (await db.select({ n: count() }).from(dictTypes))[0]!.n,
});

describe('seeding', () => {
  it('SEED=none gives the system data and no accounts at all', async () => {
    database = await openTestDatabase();
    await seedDatabase(database.db, { seed: 'none' });
    const n = await counts(database.db);
    expect(n.users).toBe(0);
    expect(n.roles).toBe(5);
    expect(n.powers).toBeGreaterThan(20);
    expect(n.dictTypes).toBeGreaterThanOrEqual(6);
  });

  it('production creates only the configured first administrator', async () => {
    database = await openTestDatabase();
    const result = await seedDatabase(database.db, {
      seed: 'none',
      initialAdmin: { username: 'root', password: 'Str0ngPass' },
    });
    expect(result.created).toBe('admin');
    const all = await database.db.select({ username: users.username }).from(users);
    expect(all).toEqual([{ username: 'root' }]);
  });

  it('changes nothing on a later start, so an administrator’s edits stay', async () => {
    database = await openTestDatabase();
    await seedDatabase(database.db, { seed: 'demo' });
    await database.db.delete(powers).where(eq(powers.code, 'user:export'));
    const before = await counts(database.db);
    expect(await seedDatabase(database.db, { seed: 'demo' })).toEqual({ created: 'nothing' });
    expect(await counts(database.db)).toEqual(before);
    expect(await database.db.select().from(powers).where(eq(powers.code, 'user:export'))).toEqual(
      [],
    );
  });
});

describe('configuration', () => {
  it('requires the secrets in production and defaults to no demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET and BID_SEAL_KEY are required/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a'.repeat(32),
      BID_SEAL_KEY: 'b'.repeat(32),
    });
    expect(config.seed).toBe('none');
  });

  it('names the variable that is wrong', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'a'.repeat(32), BID_SEAL_KEY: 'b'.repeat(32) }),
    ).toThrow(/PORT/);
  });

  it('an upgrade adds the powers a release brings and grants them to the built-in roles, keeping the rest', async () => {
    database = await openTestDatabase();
    const { db } = database;
    await seedDatabase(db, { seed: 'demo' });
    // As an installation from before the tender buttons existed: one button never received, another renamed.
    await db.delete(powers).where(eq(powers.code, 'tender:publish'));
    await db.delete(seededPowers).where(eq(seededPowers.code, 'tender:publish'));
    await db.update(powers).set({ title: '改过的标题' }).where(eq(powers.code, 'tender:add'));
    await seedDatabase(db, { seed: 'demo' });
    const holders = await db
      .select({ roleName: roles.roleName })
      .from(powers)
      .innerJoin(rolePowers, eq(rolePowers.powerId, powers.id))
      .innerJoin(roles, eq(roles.id, rolePowers.roleId))
      .where(eq(powers.code, 'tender:publish'));
    expect(holders.map((h) => h.roleName).sort()).toEqual(['admin', 'tender_manager']);
    const [renamed] = await db.select().from(powers).where(eq(powers.code, 'tender:add'));
    expect(renamed!.title).toBe('改过的标题');
  });

  it('an upgrade of an installation from before the evaluation committee creates the evaluation_expert role with its powers', async () => {
    database = await openTestDatabase();
    const { db } = database;
    await seedDatabase(db, { seed: 'none' });
    // As an installation from before issue 32: no expert role, no evaluation screens received.
    const evaluationCodes = [
      'group:evaluation',
      'menu:evaluation',
      'menu:evaluationDesk',
      'menu:expert',
      'expert:add',
      'expert:edit',
    ];
    await db.delete(roles).where(eq(roles.roleName, 'evaluation_expert'));
    await db.delete(powers).where(inArray(powers.code, evaluationCodes));
    await db.delete(seededPowers).where(inArray(seededPowers.code, evaluationCodes));

    await seedDatabase(db, { seed: 'none' });
    const powersOf = async (roleName: string) =>
      (
        await db
          .select({ code: powers.code })
          .from(roles)
          .innerJoin(rolePowers, eq(rolePowers.roleId, roles.id))
          .innerJoin(powers, eq(powers.id, rolePowers.powerId))
          .where(eq(roles.roleName, roleName))
      )
        .map((p) => p.code)
        .sort();
    const [role] = await db.select().from(roles).where(eq(roles.roleName, 'evaluation_expert'));
    expect(role?.builtIn).toBe(true);
    const seed = ROLE_SEEDS.find((r) => r.roleName === 'evaluation_expert')!;
    expect(await powersOf('evaluation_expert')).toEqual([...(seed.powers as string[])].sort());
    expect(await powersOf('tender_manager')).toEqual(
      expect.arrayContaining(['menu:expert', 'expert:add', 'expert:edit', 'menu:evaluation']),
    );

    // A later start changes nothing: the role an administrator edits stays as edited.
    await db.delete(rolePowers).where(eq(rolePowers.roleId, role!.id));
    await seedDatabase(db, { seed: 'none' });
    expect(await powersOf('evaluation_expert')).toEqual([]);
  });
});
