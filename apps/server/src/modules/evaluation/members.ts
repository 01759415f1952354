import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { committeeMembers, committees, experts, users } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../lib/errors.js';

/**
 * Who sits on a tender's evaluation committee: the one place the other evaluation files ask.
 * A caller who is not a current member learns nothing (404), as with a tender it cannot see.
 */

/** The buyer's representatives sit for the tenderer (招标人), not for an employer of their own. */
export const REPRESENTATIVE_EMPLOYER = '招标人';

export const memberColumns = {
  id: committeeMembers.id,
  committeeId: committeeMembers.committeeId,
  tenderId: committeeMembers.tenderId,
  userId: committeeMembers.userId,
  expertId: committeeMembers.expertId,
  kind: committeeMembers.kind,
  chair: committeeMembers.chair,
  status: committeeMembers.status,
  drawId: committeeMembers.drawId,
  standbyRank: committeeMembers.standbyRank,
  pledgedAt: committeeMembers.pledgedAt,
  conflict: committeeMembers.conflict,
  replacedReason: committeeMembers.replacedReason,
  joinedAt: committeeMembers.joinedAt,
  expertName: experts.name,
  userName: users.realName,
  expertEmployer: experts.employer,
  title: experts.title,
};

type MemberSelect = {
  [K in keyof typeof memberColumns]: (typeof memberColumns)[K]['_']['data'] | null;
};

export interface MemberRow {
  id: number;
  committeeId: number;
  tenderId: number;
  userId: number;
  expertId: number | null;
  kind: 'expert' | 'representative';
  chair: boolean;
  status: 'active' | 'standby' | 'replaced' | 'recused';
  drawId: number | null;
  standbyRank: number | null;
  pledgedAt: Date | null;
  conflict: string | null;
  replacedReason: string | null;
  joinedAt: Date;
  name: string;
  employer: string;
  title: string | null;
}

export const toMember = (row: MemberSelect): MemberRow => ({
  id: row.id!,
  committeeId: row.committeeId!,
  tenderId: row.tenderId!,
  userId: row.userId!,
  expertId: row.expertId,
  kind: row.kind!,
  chair: row.chair!,
  status: row.status!,
  drawId: row.drawId,
  standbyRank: row.standbyRank,
  pledgedAt: row.pledgedAt,
  conflict: row.conflict,
  replacedReason: row.replacedReason,
  joinedAt: row.joinedAt!,
  name: row.expertName ?? row.userName ?? '',
  employer: row.expertEmployer ?? REPRESENTATIVE_EMPLOYER,
  title: row.title,
});

const selectMembers = (tx: Tx) =>
  tx
    .select(memberColumns)
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .leftJoin(experts, eq(experts.id, committeeMembers.expertId));

export async function committeeOfTender(tx: Tx, tenderId: number) {
  const [row] = await tx.select().from(committees).where(eq(committees.tenderId, tenderId));
  return row ?? null;
}

/** Everyone the committee ever had (members, standbys, replaced, recused), by seat order. */
export async function allMembers(tx: Tx, committeeId: number): Promise<MemberRow[]> {
  const rows = await selectMembers(tx)
    .where(eq(committeeMembers.committeeId, committeeId))
    .orderBy(asc(committeeMembers.id));
  return rows.map(toMember);
}

/** The members sitting now: `active`, chair first. */
export async function activeMembers(tx: Tx, committeeId: number): Promise<MemberRow[]> {
  const rows = await selectMembers(tx)
    .where(
      and(eq(committeeMembers.committeeId, committeeId), eq(committeeMembers.status, 'active')),
    )
    .orderBy(asc(committeeMembers.id));
  return rows.map(toMember).sort((a, b) => Number(b.chair) - Number(a.chair));
}

export const notAMember = (tenderId: number) =>
  new NotFound(`您不是招标项目 ${tenderId} 的评标委员会成员`);

/** The caller's current seat on the tender's committee; 404 for anyone else (standbys too). */
export async function currentMember(tx: Tx, tenderId: number, userId: number): Promise<MemberRow> {
  const [row] = await selectMembers(tx).where(
    and(
      eq(committeeMembers.tenderId, tenderId),
      eq(committeeMembers.userId, userId),
      eq(committeeMembers.status, 'active'),
    ),
  );
  if (!row) throw notAMember(tenderId);
  return toMember(row);
}

/** No bid is shown to a member before its pledge (承诺书). */
export function assertPledged(member: MemberRow) {
  if (!member.pledgedAt)
    throw new Conflict('请先签署评标承诺书（无利害关系声明），再查看投标文件与评标');
}

/** The chair (组长) alone finishes, re-opens sheets and sees every submitted sheet. */
export function assertChair(member: MemberRow) {
  if (!member.chair) throw new Conflict('只有评标委员会组长可以进行此操作');
}

export async function membersById(tx: Tx, ids: number[]): Promise<Map<number, MemberRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectMembers(tx).where(inArray(committeeMembers.id, ids));
  return new Map(rows.map((row) => [row.id!, toMember(row)]));
}
