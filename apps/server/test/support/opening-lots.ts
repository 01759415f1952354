import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { lots, participationLots, participations, tenders } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

type TenderInsert = typeof tenders.$inferInsert;

/** A lot as the opening tests name it: its name, budget and minimum valid bids. */
export interface LotSpec {
  name: string;
  budget: string;
  minBids: number;
  priceCeiling?: string;
}

/**
 * A published tender of several lots written straight into the tables (the tender routes have
 * their own tests): `server` mode unless overridden, deadline an hour after `now`, opening at
 * the deadline. Answers its id and its lots' ids in lotNo order.
 */
export async function createLotTender(
  t: TestApp,
  now: Date,
  specs: LotSpec[],
  overrides: Partial<TenderInsert> = {},
): Promise<{ tenderId: number; lotIds: number[] }> {
  const { db } = t.database;
  const deadline = new Date(now.getTime() + 3600_000);
  const [row] = await db
    .insert(tenders)
    .values({
      tenderNo: `T-${randomBytes(5).toString('hex')}`,
      title: '新能源场站设备分标段采购',
      category: 'energy_storage',
      procurementMethod: 'open',
      budget: specs.reduce((sum, lot) => sum + Number(lot.budget), 0).toFixed(2),
      bidDeadline: deadline,
      openingAt: deadline,
      minBids: Math.min(...specs.map((lot) => lot.minBids)),
      status: 'published',
      publishedAt: new Date(now.getTime() - 86400_000),
      createdBy: 1,
      ...overrides,
    })
    .returning({ id: tenders.id });
  const tenderId = row!.id;
  const created = await db
    .insert(lots)
    .values(
      specs.map((lot, index) => ({
        tenderId,
        lotNo: index + 1,
        name: lot.name,
        budget: lot.budget,
        priceCeiling: lot.priceCeiling ?? null,
        minBids: lot.minBids,
      })),
    )
    .returning({ id: lots.id, lotNo: lots.lotNo });
  return {
    tenderId,
    lotIds: created.sort((a, b) => a.lotNo - b.lotNo).map((lot) => lot.id),
  };
}

/** Signs a supplier up for some of a tender's lots. */
export async function signUpForLots(
  t: TestApp,
  tenderId: number,
  supplierId: number,
  lotIds: number[],
) {
  const { db } = t.database;
  await db.insert(participations).values({ tenderId, supplierId }).onConflictDoNothing();
  await db
    .insert(participationLots)
    .values(lotIds.map((lotId) => ({ tenderId, supplierId, lotId })));
}

/** The lots' stored statuses in lotNo order. */
export async function lotStatuses(t: TestApp, tenderId: number) {
  const rows = await t.database.db
    .select({ status: lots.status })
    .from(lots)
    .where(eq(lots.tenderId, tenderId))
    .orderBy(asc(lots.lotNo));
  return rows.map((r) => r.status);
}
