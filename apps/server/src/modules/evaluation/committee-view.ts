import { asc, eq } from 'drizzle-orm';
import type { committeeApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { committeeDraws, type committees } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import { iso } from '../../lib/paging.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { allMembers, committeeOfTender, currentMember, type MemberRow } from './members.js';

/**
 * The committee as managers and its own members see it (get-committee). Bidders and the public
 * never do: the members' names reach them only in the result announcement.
 */

type CommitteeRow = typeof committees.$inferSelect;

export function toCommitteeMember(member: MemberRow): committeeApi.CommitteeMember {
  return {
    memberId: member.id,
    userid: member.userId,
    name: member.name,
    employer: member.employer,
    title: member.title,
    kind: member.kind,
    chair: member.chair,
    // Only a seat someone took is shown as a member; a waiting standby is listed apart.
    status: member.status === 'standby' ? 'active' : member.status,
    pledgedAt: iso(member.pledgedAt),
    reason:
      member.status === 'recused'
        ? member.conflict
        : member.status === 'replaced'
          ? member.replacedReason
          : null,
    joinedAt: iso(member.joinedAt)!,
    drawId: member.drawId,
  };
}

export async function committeeView(
  tx: Tx,
  committee: CommitteeRow,
): Promise<committeeApi.Committee> {
  const everyone = await allMembers(tx, committee.id);
  const draws = await tx
    .select()
    .from(committeeDraws)
    .where(eq(committeeDraws.committeeId, committee.id))
    .orderBy(asc(committeeDraws.id));
  const initial = draws[0]!;
  return {
    committeeId: committee.id,
    tenderId: committee.tenderId,
    size: committee.size,
    specialties: committee.specialties,
    seed: initial.seed,
    eligibleDigest: initial.eligibleDigest,
    members: everyone.filter((m) => m.status !== 'standby').map(toCommitteeMember),
    standbys: everyone
      .filter((m) => m.status === 'standby')
      .sort((a, b) => a.standbyRank! - b.standbyRank!)
      .map((m) => ({
        memberId: m.id,
        userid: m.userId,
        name: m.name,
        employer: m.employer,
        rank: m.standbyRank!,
      })),
    draws: draws.map((draw) => ({
      drawId: draw.id,
      kind: draw.kind,
      seed: draw.seed,
      eligibleIds: draw.eligibleIds,
      eligibleDigest: draw.eligibleDigest,
      seats: draw.seats,
      drawnIds: draw.drawnIds,
      drawnAt: iso(draw.drawnAt)!,
    })),
    createdAt: iso(committee.createdAt)!,
  };
}

/** Managers see every committee; a sitting member its own; anyone else learns nothing (404). */
export async function getCommittee({ db }: AppDeps, tenderId: number, user: AuthUser) {
  if (!(await holdsPower(db, user, 'menu:tender_list')))
    await currentMember(db, tenderId, user.userid);
  const committee = await committeeOfTender(db, tenderId);
  if (!committee) throw new NotFound(`招标项目 ${tenderId} 尚未组建评标委员会`);
  return committeeView(db, committee);
}
