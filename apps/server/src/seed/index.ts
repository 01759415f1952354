import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { dictItems, dictTypes, roles, suppliers, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { DICTIONARY } from './dictionary.js';
import { DEMO_SUPPLIERS, DEMO_USERS } from './demo.js';
import { addMissingBuiltInRoles, addNewSeededPowers } from './upgrade.js';
import { seedDemoTenders } from './demo-tenders.js';
import { seedDemoBids } from './demo-bids.js';
import { seedDemoAnnouncements } from './demo-announcements.js';
import { giveEveryTenderItsLot, seedDemoLots } from './demo-lots.js';
import { demoPeople } from './demo-people.js';
import { seedDemoExperts } from './demo-experts.js';
import { seedDemoEvaluation } from './demo-evaluation.js';
import { seedDemoQuestions } from './demo-questions.js';
import { seedDemoContracts } from './demo-contracts.js';
import { seedDemoBondClosures } from './demo-bonds.js';

/** Serialises seeding across server instances starting together on one PostgreSQL. */
const SEED_LOCK_KEY = 727_002;

/** Roles, the permission tree and the dictionary: the system data every installation needs. */
async function seedSystemData(tx: Tx) {
  // On an empty installation every seeded power is new (no role holds them yet).
  await addNewSeededPowers(tx);
  await addMissingBuiltInRoles(tx);
  for (const type of DICTIONARY) {
    await tx
      .insert(dictTypes)
      .values({ code: type.code, name: type.name, description: type.description, builtIn: true });
    await tx.insert(dictItems).values(
      type.items.map(([label, value, tagColor], i) => ({
        typeCode: type.code,
        label,
        value,
        tagColor,
        sort: i + 1,
      })),
    );
  }
}

async function roleIdByName(tx: Tx, roleName: string) {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleName, roleName));
  if (!role) throw new Error(`role ${roleName} is missing`);
  return role.id;
}

async function seedDemoAccounts(tx: Tx) {
  const supplierIds = new Map<string, number>();
  for (const { key, ...supplier } of DEMO_SUPPLIERS) {
    const [row] = await tx.insert(suppliers).values(supplier).returning({ id: suppliers.id });
    supplierIds.set(key, row!.id);
  }
  for (const user of DEMO_USERS) {
    await tx.insert(users).values({
      username: user.username,
      passwordHash: await hashPassword(user.password),
      realName: user.realName,
      phone: 'phone' in user ? user.phone : null,
      email: user.email ?? null,
      roleId: await roleIdByName(tx, user.roleName),
      supplierId: supplierIds.get(user.username) ?? null,
    });
  }
  await seedDemoExperts(tx);
}

export async function createAdministrator(
  tx: Tx,
  username: string,
  password: string,
  realName = '系统管理员',
) {
  const [row] = await tx
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password),
      realName,
      roleId: await roleIdByName(tx, 'admin'),
    })
    .returning({ id: users.id });
  return row!.id;
}

export interface SeedOptions {
  seed: 'demo' | 'none';
  initialAdmin?: { username: string; password: string };
  /** With the demo accounts, a few dozen tenders in every state (default true; API tests opt in). */
  demoTenders?: boolean;
  /** BID_SEAL_KEY: with it, the demo tenders get sealed, opened and awarded bids. */
  bidSealKey?: string;
}

/**
 * First start only: system data when there are no roles yet; demo accounts (SEED=demo) or the
 * configured first administrator when there are no users yet. Later starts change nothing, so
 * an administrator's edits to the seeded data are never undone.
 */
export async function seedDatabase(db: Db, options: SeedOptions) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ roleCount }] = (await tx.select({ roleCount: count() }).from(roles)) as [
      { roleCount: number },
    ];
    if (roleCount === 0) await seedSystemData(tx);
    else {
      await addNewSeededPowers(tx);
      await addMissingBuiltInRoles(tx);
    }
    const [{ userCount }] = (await tx.select({ userCount: count() }).from(users)) as [
      { userCount: number },
    ];
    if (userCount > 0) return { created: 'nothing' as const };
    if (options.seed === 'demo') {
      await seedDemoAccounts(tx);
      if (options.demoTenders !== false) {
        await seedDemoTenders(tx);
        await giveEveryTenderItsLot(tx);
        // Sealed demo bids need the installation's key.
        if (options.bidSealKey) {
          await seedDemoBids(tx, { bidSealKey: options.bidSealKey });
          await seedDemoAnnouncements(tx);
          const people = await demoPeople(tx);
          await seedDemoLots(tx, { bidSealKey: options.bidSealKey }, people);
          await seedDemoEvaluation(tx, { bidSealKey: options.bidSealKey }, people);
          await seedDemoContracts(tx, { bidSealKey: options.bidSealKey }, people);
          await seedDemoBondClosures(tx, people);
        }
        await seedDemoQuestions(tx, await demoPeople(tx, '/seed/demo-questions'));
      }
      return { created: 'demo' as const };
    }
    if (options.initialAdmin) {
      await createAdministrator(
        tx,
        options.initialAdmin.username.trim(),
        options.initialAdmin.password,
      );
      return { created: 'admin' as const };
    }
    return { created: 'nothing' as const };
  });
}
