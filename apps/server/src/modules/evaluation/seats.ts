import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  committeeMembers,
  committees,
  evaluationReports,
  evaluationSheets,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { lockTender } from '../../lib/tender-lock.js';
import type { AuthUser } from '../../plugins/auth.js';
import { toCommitteeMember } from './committee-view.js';
import { recordDraw } from './draw.js';
import { eligibleExpertIds, tooFewExperts } from './eligible-experts.js';
import { usersOfExperts } from './experts.js';
import { membersById, type MemberRow } from './members.js';

/**
 * A seat changing hands (R 46–48): a member a manager replaces or one who recuses at the pledge
 * leaves, and the next one sits at once — the first standby, or with none left a new draw.
 */

export type Departure =
  { status: 'replaced'; reason: string; by: number } | { status: 'recused'; conflict: string };

const LEFT_LABEL = { replaced: '已被更换', recused: '已申请回避' } as const;

/** The first waiting standby steps in; with none left a `refill` draw skips everyone seen before. */
async function seatNext(tx: Tx, leaving: MemberRow, now: Date, by: number) {
  const [standby] = await tx
    .select({ id: committeeMembers.id })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.committeeId, leaving.committeeId),
        eq(committeeMembers.status, 'standby'),
      ),
    )
    .orderBy(asc(committeeMembers.standbyRank))
    .limit(1);
  if (standby) {
    await tx
      .update(committeeMembers)
      .set({ status: 'active', chair: leaving.chair, joinedAt: now })
      .where(eq(committeeMembers.id, standby.id));
    return { successorId: standby.id, refill: null };
  }
  const [committee] = await tx
    .select()
    .from(committees)
    .where(eq(committees.id, leaving.committeeId));
  // Nobody the committee ever had, nor a login already on it (a representative), sits again.
  const seatedUsers = await tx
    .select({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(eq(committeeMembers.committeeId, committee!.id));
  const eligible = await eligibleExpertIds(tx, leaving.tenderId, committee!.specialties, now, {
    everSeated: true,
    exceptUserIds: seatedUsers.map((row) => row.userId),
  });
  if (eligible.length === 0) throw tooFewExperts(1, 0);
  const draw = await recordDraw(
    tx,
    committee!.id,
    'refill',
    eligible,
    { members: 1, standbys: 0 },
    now,
    by,
  );
  const expertId = draw.members[0]!;
  const [row] = await tx
    .insert(committeeMembers)
    .values({
      committeeId: committee!.id,
      tenderId: leaving.tenderId,
      userId: (await usersOfExperts(tx, [expertId])).get(expertId)!,
      expertId,
      kind: 'expert',
      chair: leaving.chair,
      status: 'active',
      drawId: draw.drawId,
      joinedAt: now,
    })
    .returning({ id: committeeMembers.id });
  return {
    successorId: row!.id,
    refill: {
      drawId: draw.drawId,
      seed: draw.seed,
      eligibleDigest: draw.eligibleDigest,
      eligibleIds: eligible,
    },
  };
}

/**
 * The one way a member leaves: its sheets are void, the chair passes to whoever takes the seat.
 * Call under the tender's lock. Answers the successor and, for the audit, the refill draw.
 */
export async function vacateSeat(tx: Tx, member: MemberRow, departure: Departure, now: Date) {
  if (member.status === 'replaced' || member.status === 'recused')
    throw new Conflict(`该委员${LEFT_LABEL[member.status]}，不能再次更换或回避`);
  if (member.status === 'standby') throw new Conflict('备选专家尚未进入评标委员会，不能更换或回避');
  const by = departure.status === 'replaced' ? departure.by : member.userId;
  await tx
    .update(committeeMembers)
    .set(
      departure.status === 'replaced'
        ? {
            status: 'replaced',
            chair: false,
            replacedReason: departure.reason,
            replacedAt: now,
            replacedBy: departure.by,
          }
        : { status: 'recused', chair: false, conflict: departure.conflict },
    )
    .where(eq(committeeMembers.id, member.id));
  const voided = await tx
    .update(evaluationSheets)
    .set({ voidAt: now })
    .where(and(eq(evaluationSheets.memberId, member.id), isNull(evaluationSheets.voidAt)))
    .returning({ lotId: evaluationSheets.lotId });
  const { successorId, refill } = await seatNext(tx, member, now, by);
  await tx.update(committeeMembers).set({ successorId }).where(eq(committeeMembers.id, member.id));
  const successor = (await membersById(tx, [successorId])).get(successorId)!;
  return { successor, refill, voidedLotIds: voided.map((sheet) => sheet.lotId) };
}

/** What the audit row of a departure keeps: who left, who sat, the refill draw if any. */
export function departureAudit(
  member: MemberRow,
  departure: Departure,
  outcome: Awaited<ReturnType<typeof vacateSeat>>,
) {
  return {
    before: { status: member.status, chair: member.chair, expertId: member.expertId },
    after: {
      status: departure.status,
      ...(departure.status === 'replaced'
        ? { reason: departure.reason }
        : { conflict: departure.conflict }),
      voidedSheetLotIds: outcome.voidedLotIds,
      successorMemberId: outcome.successor.id,
      successorExpertId: outcome.successor.expertId,
      successorChair: outcome.successor.chair,
      refill: outcome.refill,
    },
  };
}

/**
 * Once the chair has finished a lot, its report stands on the sitting members' sheets and
 * signatures: a change of member then goes through a return of the report (which re-opens them).
 */
async function assertNoStandingReport(tx: Tx, tenderId: number) {
  const [standing] = await tx
    .select({ lotId: evaluationReports.lotId })
    .from(evaluationReports)
    .where(and(eq(evaluationReports.tenderId, tenderId), ne(evaluationReports.status, 'returned')))
    .limit(1);
  if (standing) throw new Conflict('评标报告已生成，不能更换委员；如需更换，请先退回评标报告');
}

/** A manager replaces a sitting member for a stated reason (illness, a conflict found later). */
export async function replaceMember(
  deps: AppDeps,
  input: { memberId: number; reason: string },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [seat] = await tx
      .select({ tenderId: committeeMembers.tenderId })
      .from(committeeMembers)
      .where(eq(committeeMembers.id, input.memberId));
    if (!seat) throw new NotFound(`评标委员会成员 ${input.memberId} 不存在`);
    await lockTender(tx, seat.tenderId, 'update');
    const member = (await membersById(tx, [input.memberId])).get(input.memberId)!;
    await assertNoStandingReport(tx, seat.tenderId);
    const departure: Departure = { status: 'replaced', reason: input.reason, by: user.userid };
    const outcome = await vacateSeat(tx, member, departure, now);
    await recordAudit(tx, actor, {
      targetType: 'committee_member',
      targetId: member.id,
      ...departureAudit(member, departure, outcome),
    });
    return toCommitteeMember(outcome.successor);
  });
}
