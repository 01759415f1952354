import { inArray } from 'drizzle-orm';
import type { committeeApi, evaluationApi } from '@tender/contracts';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { AuthUser } from '../plugins/auth.js';
import type { saveSheet } from '../modules/evaluation/sheets.js';
import { DEMO_EXPERTS } from './demo-experts.js';

/**
 * The demo committees' sheets (demo-evaluation.ts): scores the members roughly agree on, with
 * the outlier and the rejection a stage asks for, and the experts as signed-in users.
 */

/** The experts as the services see them signed in, by user id (whoever the draw seats). */
export async function demoExpertUsers(tx: Tx): Promise<Map<number, AuthUser>> {
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      roleId: users.roleId,
      supplierId: users.supplierId,
    })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_EXPERTS.map((e) => e.username),
      ),
    );
  return new Map(
    rows.map((p) => [p.id, { ...p, userid: p.id, roleName: '', isAdmin: false } as AuthUser]),
  );
}

/** The sitting members in drawn order (the chair first), as signed-in users. */
export function sittingMembers(
  committee: committeeApi.Committee,
  experts: Map<number, AuthUser>,
): AuthUser[] {
  return committee.members.filter((m) => m.status === 'active').map((m) => experts.get(m.userid)!);
}

/** Each bidder's (bidder1…3) typical non-price scores: technical 45, commercial 15, service 10. */
const TYPICAL = [
  { technical: 37, commercial: 12, service: 8 },
  { technical: 40, commercial: 13, service: 8.5 },
  { technical: 33, commercial: 11, service: 7.5 },
];
/** How each member (drawn order) leans: small differences, as between careful experts. */
const LEAN = [
  { technical: 0, commercial: 0, service: 0 },
  { technical: 1, commercial: 0.5, service: 0.5 },
  { technical: -1, commercial: -0.5, service: 0 },
  { technical: 0.5, commercial: 0, service: -0.5 },
  { technical: -1.5, commercial: 0.5, service: 0 },
];

export interface SheetTwist {
  /** This member scores bidder3's 技术方案 far below the others (the chair sees an outlier). */
  outlierMember?: number;
  /**
   * These members reject bidder3's bid (non_responsive, R 51): more than half of the five, and
   * the bid is rejected; fewer, and they are outvoted.
   */
  rejectingMembers?: number[];
  /** A draft: only the first `bids` bids scored. */
  draftBids?: number;
}

export const REJECTION_NOTE =
  '所投储能变流器未提供高低电压穿越型式试验报告，未响应招标文件第 3.2 条并网技术要求';

/** One member's whole sheet for the lot's bids (bidIds[b]: bidder b's bid). */
export function demoSheet(
  tenderId: number,
  evaluation: evaluationApi.EvaluationView,
  bidIds: number[],
  member: number,
  twist: SheetTwist = {},
): Parameters<typeof saveSheet>[1] {
  const lean = LEAN[member % LEAN.length]!;
  const kindOf = (name: string) =>
    name.startsWith('技术') ? 'technical' : name.startsWith('商务') ? 'commercial' : 'service';
  const rejects = (b: number) => b === 2 && (twist.rejectingMembers ?? []).includes(member);
  const review = bidIds.map((bidId, b) =>
    rejects(b)
      ? { bidId, pass: false, ground: 'non_responsive' as const, note: REJECTION_NOTE }
      : { bidId, pass: true },
  );
  const scores = bidIds.flatMap((bidId, b) => {
    if (rejects(b)) return [];
    if (twist.draftBids !== undefined && b >= twist.draftBids) return [];
    return evaluation.criteria
      .filter((c) => c.kind !== 'price')
      .map((c) => {
        const kind = kindOf(c.name);
        const outlier = twist.outlierMember === member && b === 2 && kind === 'technical';
        const score = outlier ? 19 : TYPICAL[b]![kind] + lean[kind];
        return { bidId, criterionId: c.criterionId, score: Math.min(score, c.maxScore) };
      });
  });
  return { tenderId, review, scores };
}
