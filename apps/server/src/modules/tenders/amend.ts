import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import { type Amendment, type LotValues, numberedLots, type tenderApi } from '@tender/contracts';
import type { EvaluationView } from '@tender/contracts/evaluation';
import type { BondForm } from '@tender/contracts/bond';
import { questionsUntilOf } from '@tender/contracts/question';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { amendments, bids, users } from '../../db/schema/index.js';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { AuthUser } from '../../plugins/auth.js';
import { checkDictionary } from '../dictionary/service.js';
import { attachFiles } from '../files/service.js';
import {
  amendmentDates,
  checkLots,
  checkMinBids,
  checkMoney,
  checkTenderDates,
} from './date-rules.js';
import { type LotRow, lotsOfTender, pickLot, saveDraftLots } from './lots.js';
import { saveTenderFields, tenderRow } from './queries.js';
import { wrongState } from './rules.js';
import { lotValuesOf, tenderSnapshot } from './service.js';
import { Invalid } from '../../lib/errors.js';
import { effectiveTenderStatus } from './status.js';
import { notifyTenderAmended } from '../notifications/hooks.js';
import {
  assertEvaluationAmendable,
  checkEvaluation,
  settingsAfterSave,
} from './evaluation-settings.js';

type AmendInput = z.output<typeof tenderApi.amendTenderSchema>;

/** The fields an amendment may change, in the order its record lists them. */
const AMENDABLE = [
  'title',
  'category',
  'budget',
  'currency',
  'region',
  'description',
  'contact',
  'contactPhone',
  'mandatory',
  'docsFrom',
  'docsUntil',
  'bidValidityDays',
  'bidDeadline',
  'openingAt',
  'minBids',
  'priceCeiling',
  'decryptionMinutes',
  'confirmMinutes',
  'documentIds',
  'maxLotsPerWinner',
  'evaluation',
  'questionsUntil',
  'bondForms',
] as const;
type Field = (typeof AMENDABLE)[number];

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isoOrNull = (v: string | null | undefined) => (v == null ? null : new Date(v).toISOString());

export const LOTS_FIXED_AFTER_PUBLISHING = '招标发布后不能增减标段，请修改标段或终止招标';

/** A lot as an amendment's record lists it. */
const lotRecord = (lot: LotValues) => ({
  lotId: lot.lotId ?? null,
  lotNo: lot.lotNo ?? null,
  name: lot.name,
  budget: lot.budget,
  priceCeiling: lot.priceCeiling ?? null,
  minBids: lot.minBids,
  bidBond: lot.bidBond,
  quantity: lot.quantity ?? null,
  description: lot.description,
});

/**
 * The lots an amendment sends: the tender's own, each named by its lotId, none added or
 * removed (a published tender's lots carry sign-ups and bids).
 */
function amendedLots(sent: readonly LotValues[], stored: readonly LotRow[]) {
  const storedIds = new Set(stored.map((lot) => lot.id));
  sent.forEach((lot, index) => {
    if (lot.lotId !== undefined && !storedIds.has(lot.lotId))
      throw new Invalid(`lots.${index}.lotId`, `标段 ${lot.lotId} 不属于该招标`);
  });
  const sentIds = new Set(sent.flatMap((lot) => (lot.lotId === undefined ? [] : [lot.lotId])));
  if (sent.length !== stored.length || sentIds.size !== stored.length)
    throw new Invalid('lots', LOTS_FIXED_AFTER_PUBLISHING);
  return numberedLots(sent);
}

/** The lots an amendment affects (default all): only their bids are asked to re-confirm. */
function affectedLotIds(lotIds: readonly number[] | undefined, stored: readonly LotRow[]) {
  if (!lotIds) return stored.map((lot) => lot.id);
  const chosen = new Set(lotIds.map((lotId) => pickLot(stored, lotId, 'lotIds').id));
  return stored.filter((lot) => chosen.has(lot.id)).map((lot) => lot.id);
}

/**
 * 澄清/修改 of a published tender before its deadline: numbered per tender (the tender row is
 * locked, so two managers amending at once get 1 and 2), with what changed. A mandatory tender
 * amended less than 15 days before its deadline has the deadline (and the opening with it)
 * moved so that 15 days remain. `preview` answers the same result and saves nothing.
 */
export async function amendTender(deps: AppDeps, input: AmendInput, user: AuthUser, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, input.id, true);
    const status = effectiveTenderStatus(row, now);
    if (status === 'closed') throw wrongState('澄清/修改（已过投标截止时间）', status);
    if (status !== 'published') throw wrongState('澄清/修改', status);
    const before = await tenderSnapshot(tx, input.id, now);

    const next: Record<Field, unknown> = Object.fromEntries(
      AMENDABLE.map((f) => [f, input[f] === undefined ? before[f] : input[f]]),
    ) as Record<Field, unknown>;
    if (input.description !== undefined) next.description = sanitizeRichText(input.description);
    for (const f of ['docsFrom', 'docsUntil', 'bidDeadline', 'openingAt'] as const)
      next[f] = isoOrNull(next[f] as string | null);
    if (input.documentIds) next.documentIds = [...new Set(input.documentIds)];
    if (input.evaluation)
      next.evaluation = settingsAfterSave(
        input.evaluation,
        row.evaluation,
        next.mandatory as boolean,
      );

    // A moved deadline carries the opening (and a window ending at the deadline) with it.
    const oldDeadline = new Date(before.bidDeadline);
    const askedDeadline = new Date(next.bidDeadline as string);
    const shift = askedDeadline.getTime() - oldDeadline.getTime();
    const askedOpening =
      input.openingAt != null
        ? new Date(input.openingAt)
        : new Date(new Date(before.openingAt).getTime() + shift);
    const moved = amendmentDates(
      { bidDeadline: askedDeadline, openingAt: askedOpening, mandatory: next.mandatory as boolean },
      now,
    );
    const docsUntilFollows =
      input.docsUntil === undefined && before.docsUntil === before.bidDeadline;
    // 答疑截止 left at its default follows the (possibly moved) deadline.
    const questionsUntilSet =
      input.questionsUntil !== undefined
        ? input.questionsUntil
        : before.questionsUntilDefault
          ? null
          : before.questionsUntil;
    const dates = checkTenderDates(
      {
        bidDeadline: moved.bidDeadline,
        openingAt: moved.openingAt,
        docsFrom: next.docsFrom === null ? null : new Date(next.docsFrom as string),
        docsUntil:
          docsUntilFollows || next.docsUntil === null ? null : new Date(next.docsUntil as string),
        mandatory: next.mandatory as boolean,
        questionsUntil: questionsUntilSet === null ? null : new Date(questionsUntilSet),
      },
      new Date(before.publishedAt!),
      now,
    );
    next.bidDeadline = dates.bidDeadline.toISOString();
    next.openingAt = dates.openingAt.toISOString();
    next.docsFrom = dates.docsFrom.toISOString();
    next.docsUntil = dates.docsUntil.toISOString();
    const storedQuestionsUntil = questionsUntilSet === null ? null : new Date(questionsUntilSet);
    next.questionsUntil = questionsUntilOf({
      questionsUntil: storedQuestionsUntil,
      mandatory: next.mandatory as boolean,
      bidDeadline: dates.bidDeadline,
    }).toISOString();
    const storedLots = await lotsOfTender(tx, input.id);
    const lotIds = affectedLotIds(input.lotIds, storedLots);
    const sentLots = input.lots ? amendedLots(input.lots, storedLots) : undefined;
    const [oneLot] = storedLots;
    const nextLots: LotValues[] =
      sentLots ??
      (storedLots.length > 1
        ? storedLots.map(lotValuesOf)
        : [
            {
              lotNo: 1,
              name: next.title as string,
              budget: next.budget as number,
              priceCeiling: (next.priceCeiling as number | null) ?? null,
              minBids: next.minBids as number,
              bidBond: oneLot ? Number(oneLot.bidBond) : 0,
              quantity: oneLot?.quantity ?? null,
              description: oneLot?.description ?? '',
            },
          ]);
    checkMinBids(next.mandatory as boolean, next.minBids as number);
    checkLots(nextLots, {
      mandatory: next.mandatory as boolean,
      maxLotsPerWinner: next.maxLotsPerWinner as number | null,
    });
    // A tender of several lots (or lots sent) costs what its lots cost together.
    if (sentLots || storedLots.length > 1)
      next.budget = nextLots.reduce((sum, lot) => sum + Math.round(lot.budget * 100), 0) / 100;
    checkMoney(next.budget as number, (next.priceCeiling as number | null) ?? null);
    checkMinBids(next.mandatory as boolean, next.minBids as number);
    if (input.category !== undefined)
      await checkDictionary(tx, 'category', 'tender_category', input.category);
    if (input.region != null) await checkDictionary(tx, 'region', 'region', input.region);

    const changes: { field: string; before: unknown; after: unknown }[] = AMENDABLE.filter(
      (f) => !sameValue(before[f], next[f]),
    ).map((field) => ({ field, before: before[field], after: next[field] }));
    // Held to the rules when it or `mandatory` changes: an amendment about something else
    // leaves alone a tender published before the settings existed.
    if (changes.some((c) => c.field === 'evaluation' || c.field === 'mandatory'))
      checkEvaluation(next.evaluation as EvaluationView, { mandatory: next.mandatory as boolean });
    if (changes.some((c) => c.field === 'evaluation'))
      await assertEvaluationAmendable(tx, input.id);
    if (sentLots) {
      const lotsBefore = storedLots.map((lot) => lotRecord(lotValuesOf(lot)));
      const lotsAfter = sentLots.map(lotRecord);
      if (!sameValue(lotsBefore, lotsAfter))
        changes.push({ field: 'lots', before: lotsBefore, after: lotsAfter });
    }
    // Which lots the amendment concerns, when there is a choice (a tender of several lots).
    if (storedLots.length > 1 || input.lotIds)
      changes.push({ field: 'lotIds', before: null, after: lotIds });
    const [last] = await tx
      .select({ n: max(amendments.number) })
      .from(amendments)
      .where(eq(amendments.tenderId, input.id));
    const amendmentNo = (last?.n ?? 0) + 1;
    const result = {
      amendmentNo,
      bidDeadline: next.bidDeadline as string,
      openingAt: next.openingAt as string,
      deadlineExtended: moved.extended,
      changes,
    };
    if (input.preview) return result;

    const values = {
      title: next.title as string,
      category: next.category as string,
      budget: (next.budget as number).toFixed(2),
      currency: next.currency as string,
      region: next.region as string | null,
      description: next.description as string,
      contact: next.contact as string | null,
      contactPhone: next.contactPhone as string | null,
      mandatory: next.mandatory as boolean,
      bidValidityDays: next.bidValidityDays as number,
      minBids: next.minBids as number,
      priceCeiling: next.priceCeiling == null ? null : (next.priceCeiling as number).toFixed(2),
      decryptionMinutes: next.decryptionMinutes as number,
      confirmMinutes: next.confirmMinutes as number,
      maxLotsPerWinner: next.maxLotsPerWinner as number | null,
      evaluation: next.evaluation as EvaluationView,
      questionsUntil: storedQuestionsUntil,
      bondForms: next.bondForms as BondForm[],
      ...dates,
    };
    await saveTenderFields(tx, { id: input.id, tenderNo: row.tenderNo }, values, now);
    await saveDraftLots(
      tx,
      input.id,
      sentLots,
      {
        name: values.title,
        budget: values.budget,
        priceCeiling: values.priceCeiling,
        minBids: values.minBids,
      },
      now,
    );
    if (input.documentIds)
      await attachFiles(tx, {
        fileIds: input.documentIds,
        ownerType: 'tender',
        ownerId: input.id,
        userId: user.userid,
        now,
      });
    await tx.insert(amendments).values({
      tenderId: input.id,
      number: amendmentNo,
      reason: input.reason,
      changes,
      deadlineBefore: oldDeadline,
      deadlineAfter: dates.bidDeadline,
      openingBefore: new Date(before.openingAt),
      openingAfter: dates.openingAt,
      deadlineExtended: moved.extended,
      createdBy: user.userid,
      createdAt: now,
    });
    // What a bid answers changed: the submitted bids on the affected lots must be re-confirmed.
    // How bids are evaluated is part of the documents they answer (as is its 15-day rule).
    const bidTerms = ['bidDeadline', 'documentIds', 'priceCeiling', 'budget', 'lots', 'evaluation'];
    if (changes.some((c) => bidTerms.includes(c.field)) && lotIds.length)
      await tx
        .update(bids)
        .set({ needsReconfirm: true })
        .where(
          and(
            eq(bids.tenderId, input.id),
            inArray(bids.lotId, lotIds),
            eq(bids.status, 'submitted'),
          ),
        );
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: input.id,
      before: Object.fromEntries(changes.map((c) => [c.field, c.before])),
      after: {
        ...Object.fromEntries(changes.map((c) => [c.field, c.after])),
        amendmentNo,
        reason: input.reason,
      },
    });
    await notifyTenderAmended(tx, input.id, row.title, amendmentNo, now);
    return result;
  });
}

export async function listAmendmentsOf(tx: Tx, tenderId: number): Promise<Amendment[]> {
  const rows = await tx
    .select({
      id: amendments.id,
      tenderId: amendments.tenderId,
      amendmentNo: amendments.number,
      reason: amendments.reason,
      changes: amendments.changes,
      deadlineBefore: amendments.deadlineBefore,
      deadlineAfter: amendments.deadlineAfter,
      openingBefore: amendments.openingBefore,
      openingAfter: amendments.openingAfter,
      deadlineExtended: amendments.deadlineExtended,
      createdAt: amendments.createdAt,
      authorName: users.realName,
    })
    .from(amendments)
    .leftJoin(users, eq(users.id, amendments.createdBy))
    .where(and(eq(amendments.tenderId, tenderId)))
    .orderBy(desc(amendments.number));
  return rows.map((r) => ({
    ...r,
    changes: r.changes as Amendment['changes'],
    deadlineBefore: r.deadlineBefore.toISOString(),
    deadlineAfter: r.deadlineAfter.toISOString(),
    openingBefore: r.openingBefore.toISOString(),
    openingAfter: r.openingAfter.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}
