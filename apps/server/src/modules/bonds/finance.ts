import { and, eq, inArray, sql } from 'drizzle-orm';
import { BOND_STATUS_LABELS, type Bond, type ForfeitGround } from '@tender/contracts/bond';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { awards, bids, bonds, candidateDeclines, contracts } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isRealDay } from './declare.js';
import { todayOf } from './refund-clock.js';
import { bondView, type BondReader } from './views.js';

/**
 * Finance's acts on the ledger (保证金管理): verify or reject a declaration; record a refund
 * (date, bank reference) or a forfeit on a ground of law. Each in the hash-chained audit log.
 */

type BondRow = typeof bonds.$inferSelect;

const bondNotFound = (id: number) => new NotFound(`保证金 ${id} 不存在`);
const ledgerReader: BondReader = { supplierId: null, ledger: true };

async function lockBond(tx: Tx, id: number): Promise<BondRow> {
  const [bond] = await tx.select().from(bonds).where(eq(bonds.id, id)).for('update');
  if (!bond) throw bondNotFound(id);
  return bond;
}

const statusLabel = (bond: BondRow) => BOND_STATUS_LABELS[bond.status];

/** Runs one act under the bond's lock and answers the bond as finance sees it. */
async function act(
  deps: AppDeps,
  id: number,
  actor: Actor,
  change: (tx: Tx, bond: BondRow, now: Date) => Promise<Partial<BondRow>>,
): Promise<Bond> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const bond = await lockBond(tx, id);
    const values = await change(tx, bond, now);
    await tx
      .update(bonds)
      .set({ ...values, updatedAt: now })
      .where(eq(bonds.id, id));
    await recordAudit(tx, actor, {
      targetType: 'bond',
      targetId: id,
      before: { status: bond.status },
      after: values,
    });
    return bondView(tx, id, ledgerReader, now);
  });
}

/** 核验 or 驳回: a declaration once; a new declaration by the supplier comes back as `declared`. */
export function verifyBond(
  deps: AppDeps,
  input: { id: number; action: 'verify' | 'reject'; reason?: string | null },
  user: AuthUser,
  actor: Actor,
) {
  return act(deps, input.id, actor, async (_tx, bond, now) => {
    if (bond.status !== 'declared')
      throw new Conflict(
        `该保证金当前为「${statusLabel(bond)}」，只有待核验的保证金可以${input.action === 'verify' ? '核验' : '驳回'}`,
      );
    return {
      status: input.action === 'verify' ? 'verified' : 'rejected',
      reviewReason: input.reason ?? null,
      reviewedBy: user.userid,
      reviewedAt: now,
    };
  });
}

/** 退还: a verified bond, on a day between its declaration and today (Beijing). */
export function refundBond(
  deps: AppDeps,
  input: { id: number; refundedAt: string; reference: string },
  user: AuthUser,
  actor: Actor,
) {
  return act(deps, input.id, actor, async (_tx, bond, now) => {
    if (bond.status !== 'verified')
      throw new Conflict(
        `该保证金当前为「${statusLabel(bond)}」，只有已核验、未退还也未没收的保证金可以登记退还`,
      );
    if (!isRealDay(input.refundedAt))
      throw new Invalid('refundedAt', `退还日期 ${input.refundedAt} 不是有效日期`);
    const today = todayOf(now);
    if (input.refundedAt > today)
      throw new Invalid('refundedAt', `退还日期不能晚于今天（${today}）`);
    const declared = todayOf(bond.declaredAt);
    if (input.refundedAt < declared)
      throw new Invalid('refundedAt', `退还日期不能早于保证金申报日（${declared}）`);
    return {
      status: 'refunded',
      refundedAt: input.refundedAt,
      refundReference: input.reference,
      closedBy: user.userid,
      closedAt: now,
    };
  });
}

/** The supplier's bid on the bond's lot was declined as a candidate on one of these grounds. */
async function declinedOn(
  tx: Tx,
  bond: BondRow,
  grounds: (typeof candidateDeclines.$inferSelect)['ground'][],
) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(candidateDeclines)
    .innerJoin(bids, eq(bids.id, candidateDeclines.bidId))
    .where(
      and(
        eq(candidateDeclines.lotId, bond.lotId),
        eq(bids.supplierId, bond.supplierId),
        inArray(candidateDeclines.ground, grounds),
      ),
    );
  return Boolean(row);
}

/** The supplier won the lot and no contract is recorded for it. */
async function awardedWithoutContract(tx: Tx, bond: BondRow) {
  const [row] = await tx
    .select({ contractId: contracts.id })
    .from(awards)
    .leftJoin(contracts, eq(contracts.lotId, awards.lotId))
    .where(and(eq(awards.lotId, bond.lotId), eq(awards.supplierId, bond.supplierId)));
  return Boolean(row) && row!.contractId === null;
}

/**
 * Whether the ground applies to this bond's supplier. `late_withdrawal` (R 35): it gave up after
 * the deadline (a bid cannot be withdrawn then, so: declined as a candidate for `gave_up`).
 * `refused_contract` (R 74): it won the lot and has no contract, or was declined for not giving
 * the performance bond.
 */
async function groundApplies(tx: Tx, bond: BondRow, ground: ForfeitGround) {
  if (ground === 'late_withdrawal') return declinedOn(tx, bond, ['gave_up']);
  return (
    (await awardedWithoutContract(tx, bond)) ||
    (await declinedOn(tx, bond, ['no_performance_bond']))
  );
}

const GROUND_REFUSALS: Record<ForfeitGround, string> = {
  late_withdrawal:
    '没收理由「截止后撤销投标」不适用：该供应商在该标段没有投标截止后放弃投标（放弃中标候选人资格）的记录',
  refused_contract:
    '没收理由「拒签合同」不适用：该供应商不是该标段未签合同的中标人，也未因不提交履约保证金被取消中标候选人资格',
};

/** 没收: a verified bond, on a ground that applies to its supplier, with a reason. */
export function forfeitBond(
  deps: AppDeps,
  input: { id: number; ground: ForfeitGround; reason: string },
  user: AuthUser,
  actor: Actor,
) {
  return act(deps, input.id, actor, async (tx, bond, now) => {
    if (bond.status !== 'verified')
      throw new Conflict(
        `该保证金当前为「${statusLabel(bond)}」，只有已核验、未退还也未没收的保证金可以没收`,
      );
    if (!(await groundApplies(tx, bond, input.ground)))
      throw new Conflict(GROUND_REFUSALS[input.ground], 'ground');
    return {
      status: 'forfeited',
      forfeitGround: input.ground,
      forfeitReason: input.reason,
      closedBy: user.userid,
      closedAt: now,
    };
  });
}
