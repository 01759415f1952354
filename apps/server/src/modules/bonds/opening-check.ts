import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bids, bonds, lots, type tenders } from '../../db/schema/index.js';
import { minValidUntil } from './declare.js';

/**
 * At the opening (both seal modes: the record is produced by one path): the bids, among
 * `bidIds`, on a lot that requires a bond whose supplier has no verified bond for the lot that
 * meets it: at least the lot's amount, and for a guarantee or insurance valid until at least
 * the deadline plus the bid validity. Those bids are opened invalid.
 */
export async function unbondedBidIds(
  tx: Tx,
  tender: Pick<typeof tenders.$inferSelect, 'id' | 'bidDeadline' | 'bidValidityDays'>,
  bidIds: readonly number[],
): Promise<Set<number>> {
  if (!bidIds.length) return new Set();
  const least = minValidUntil(tender);
  const rows = await tx
    .select({ id: bids.id })
    .from(bids)
    .innerJoin(lots, eq(lots.id, bids.lotId))
    .leftJoin(
      bonds,
      and(
        eq(bonds.lotId, bids.lotId),
        eq(bonds.supplierId, bids.supplierId),
        eq(bonds.status, 'verified'),
        sql`${bonds.amount} >= ${lots.bidBond}`,
        sql`(${bonds.form} = 'transfer' or ${bonds.validUntil} >= ${least}::date)`,
      ),
    )
    .where(
      and(
        eq(bids.tenderId, tender.id),
        inArray(bids.id, [...bidIds]),
        gt(lots.bidBond, '0'),
        sql`${bonds.id} is null`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
