import { asc, eq } from 'drizzle-orm';
import { formatDateTime } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { committeeMembers, participations, suppliers } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict } from '../../lib/errors.js';
import { lockTender } from '../../lib/tender-lock.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toCommitteeMember } from './committee-view.js';
import { currentMember } from './members.js';
import { departureAudit, vacateSeat, type Departure } from './seats.js';

/**
 * 承诺书 (EVALUATION.md §2, "Pledge"): before seeing any bid a member declares no conflict with
 * every signed-up supplier, by name; one who declares a conflict instead leaves at once and the
 * next one takes the seat.
 */

/** Every supplier signed up for the tender, the names the pledge covers. */
async function signedUpSupplierNames(tx: Tx, tenderId: number) {
  const rows = await tx
    .select({ name: suppliers.companyName })
    .from(participations)
    .innerJoin(suppliers, eq(suppliers.id, participations.supplierId))
    .where(eq(participations.tenderId, tenderId))
    .orderBy(asc(participations.id));
  return rows.map((row) => row.name);
}

export async function signPledge(
  deps: AppDeps,
  input: { tenderId: number; noConflict?: true; conflict?: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The tender's lock orders a pledge after a replacement or a draw of the same committee.
    await lockTender(tx, input.tenderId, 'update');
    const member = await currentMember(tx, input.tenderId, user.userid);
    if (member.pledgedAt && input.conflict !== undefined)
      throw new Conflict(
        '您已签署评标承诺书，不能再申请回避；如发现利害关系，请联系招标管理员更换委员',
      );
    if (member.pledgedAt)
      throw new Conflict(`您已于 ${formatDateTime(member.pledgedAt)} 签署评标承诺书，不能重复签署`);

    if (input.conflict !== undefined) {
      const departure: Departure = { status: 'recused', conflict: input.conflict };
      const outcome = await vacateSeat(tx, member, departure, now);
      await recordAudit(tx, actor, {
        targetType: 'committee_member',
        targetId: member.id,
        ...departureAudit(member, departure, outcome),
      });
      return { pledgedAt: null, successor: toCommitteeMember(outcome.successor) };
    }

    const names = await signedUpSupplierNames(tx, input.tenderId);
    await tx
      .update(committeeMembers)
      .set({ pledgedAt: now, pledgeSuppliers: names })
      .where(eq(committeeMembers.id, member.id));
    await recordAudit(tx, actor, {
      targetType: 'committee_member',
      targetId: member.id,
      before: { pledgedAt: null },
      after: { pledgedAt: now, pledgeSuppliers: names },
    });
    return { pledgedAt: now.toISOString(), successor: null };
  });
}
