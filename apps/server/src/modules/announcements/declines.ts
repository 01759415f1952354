import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { announcementApi, formatDateTime, lotLabel } from '@tender/contracts';
import { readEvaluation } from '@tender/contracts/evaluation';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { candidateDeclines, lots, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { attachFiles, registerFileReadPolicy } from '../files/service.js';
import { type LotRow, lotsOfTender, pickLot } from '../tenders/lots.js';
import { lotCapRefusal } from '../opening/award.js';
import { declinesOf, finalReport, remainingCandidates } from './report-candidates.js';

const { DECLINE_GROUND_LABELS } = announcementApi;
type DeclineInput = z.output<NonNullable<(typeof announcementApi.declineCandidate)['body']>>;

/**
 * 中标候选人放弃或被取消 (R 55), on a committee tender's lot with a final report and no award
 * yet: any candidate, in any order (a violation may be found in the second), once, for one of
 * the five grounds, with a reason and the caller's uploads as evidence. The award then goes to
 * the first candidate left. With none left the lot fails: R 55 leaves only 重新招标, which the
 * manager starts with retender-ttender.
 */
export async function declineCandidate(
  deps: AppDeps,
  input: DeclineInput,
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.tenderId, 'update');
    if (!tender) throw tenderNotFound(input.tenderId);
    if (!readEvaluation(tender.evaluation).committee)
      throw new Conflict(
        '该招标不由评标委员会评标，没有评标报告推荐的中标候选人，由招标管理员直接定标',
      );
    const tenderLots = await lotsOfTender(tx, tender.id);
    const lot = pickLot(tenderLots, input.lotId);
    const label = lotLabel(lot);
    if (lot.status === 'awarded') throw new Conflict(`${label}已定标，不能再取消中标候选人`);
    if (lot.status === 'failed') throw new Conflict(`${label}已流标，没有中标候选人`);
    const { report, candidates } = await finalReport(tx, lot.id);
    const candidate = candidates.find((c) => c.bidId === input.bidId);
    if (!candidate)
      throw new Invalid('bidId', `投标 ${input.bidId} 不是${label}评标报告推荐的中标候选人`);
    const declines = await declinesOf(tx, [lot.id]);
    const earlier = declines.get(candidate.bidId);
    if (earlier)
      throw new Conflict(
        `${candidate.supplierName}已于 ${formatDateTime(earlier.declinedAt)} 以「${DECLINE_GROUND_LABELS[earlier.ground]}」取消中标候选人资格，不能重复取消`,
      );
    if (input.ground === 'lot_cap' && !(await lotCapRefusal(tx, tender, candidate, label)))
      throw new Conflict(
        `${candidate.supplierName}尚未达到兼投不兼中的中标标段上限，不能以「兼投不兼中」取消其中标候选人资格`,
        'ground',
      );

    await tx.insert(candidateDeclines).values({
      lotId: lot.id,
      bidId: candidate.bidId,
      tenderId: tender.id,
      ground: input.ground,
      reason: input.reason,
      fileIds: [...new Set(input.fileIds)],
      declinedAt: now,
      declinedBy: user.userid,
    });
    await attachFiles(tx, {
      fileIds: input.fileIds,
      ownerType: 'candidate_decline',
      ownerId: candidate.bidId,
      userId: user.userid,
      now,
    });
    declines.set(candidate.bidId, { ground: input.ground, reason: input.reason, declinedAt: now });
    const [next] = remainingCandidates(candidates, declines);
    const lotFailed = !next;
    if (lotFailed) await failLot(tx, tender, lot.id, tenderLots, now);

    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: tender.id,
      after: {
        declinedCandidate: candidate.supplierName,
        lotId: lot.id,
        bidId: candidate.bidId,
        rank: candidate.rank,
        ground: input.ground,
        reason: input.reason,
        fileIds: input.fileIds,
        reportVersion: report.version,
        nextBidId: next?.bidId ?? null,
        ...(lotFailed ? { lotFailed: true } : {}),
      },
    });
    return {
      bidId: candidate.bidId,
      ground: input.ground,
      declinedAt: now.toISOString(),
      nextBidId: next?.bidId ?? null,
    };
  });
}

/** The lot fails; the tender is over once no lot is left open (awarded if any lot was). */
async function failLot(
  tx: Tx,
  tender: { id: number },
  lotId: number,
  tenderLots: readonly LotRow[],
  now: Date,
) {
  await tx
    .update(lots)
    .set({ status: 'failed', failedAt: now, updatedAt: now })
    .where(eq(lots.id, lotId));
  const others = tenderLots.filter((lot) => lot.id !== lotId);
  if (others.some((lot) => lot.status === 'active')) return;
  const status = others.some((lot) => lot.status === 'awarded') ? 'awarded' : 'failed';
  await tx.update(tenders).set({ status, updatedAt: now }).where(eq(tenders.id, tender.id));
}

/** A decline's evidence: the tender's managers only (bidders never see it; 404). */
registerFileReadPolicy('candidate_decline', async ({ db, user }) => ({
  allowed: user ? await holdsPower(db, user, 'menu:tender_list') : false,
}));
