import { and, arrayOverlaps, asc, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  committeeMembers,
  experts,
  participations,
  suppliers,
  users,
} from '../../db/schema/index.js';
import { Conflict } from '../../lib/errors.js';
import { beijingToday, expertActiveSql } from './experts.js';

/** Who a draw may pick (EVALUATION.md §2, "The draw is random and can be re-checked"). */

/** Too few eligible experts: the 409 says how many are missing. */
export const tooFewExperts = (need: number, have: number) =>
  new Conflict(`符合条件的专家不足：需要 ${need} 名，仅有 ${have} 名，还差 ${need - have} 名`);

/**
 * The experts a draw of this tender may pick, ids ascending: enabled logins, active as of today
 * (Beijing), with a matching specialty; not employed by a signed-up supplier (回避: the
 * employer's name, trimmed, or its credit code); never one who recused from or was replaced on
 * this tender, and with `everSeated` no one this tender's committee ever had (a refill).
 */
export async function eligibleExpertIds(
  tx: Tx,
  tenderId: number,
  specialties: string[],
  now: Date,
  options: { everSeated?: boolean; exceptUserIds?: number[] } = {},
): Promise<number[]> {
  const conflicted = tx
    .select({ one: sql`1` })
    .from(participations)
    .innerJoin(suppliers, eq(suppliers.id, participations.supplierId))
    .where(
      and(
        eq(participations.tenderId, tenderId),
        sql`(trim(${suppliers.companyName}) = trim(${experts.employer}) or (${experts.employerCreditCode} is not null and upper(trim(${suppliers.creditCode})) = upper(trim(${experts.employerCreditCode}))))`,
      ),
    );
  const leftBefore = tx
    .select({ one: sql`1` })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.tenderId, tenderId),
        eq(committeeMembers.expertId, experts.id),
        options.everSeated ? undefined : inArray(committeeMembers.status, ['recused', 'replaced']),
      ),
    );
  const except = options.exceptUserIds ?? [];
  const rows = await tx
    .select({ id: experts.id })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .where(
      and(
        eq(users.status, 'enabled'),
        expertActiveSql(beijingToday(now)),
        arrayOverlaps(experts.specialties, specialties),
        notExists(conflicted),
        notExists(leftBefore),
        except.length ? notInArray(experts.userId, except) : undefined,
      ),
    )
    .orderBy(asc(experts.id));
  return rows.map((row) => row.id);
}
