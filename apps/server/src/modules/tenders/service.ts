import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { numberedLots, type LotValues, type tenderApi } from '@tender/contracts';
import { readEvaluation, type StoredEvaluation } from '@tender/contracts/evaluation';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { tenderInvitations, tenders } from '../../db/schema/index.js';
import { type Actor, changedFields, recordAudit } from '../../lib/audit.js';
import { Invalid } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { AuthUser } from '../../plugins/auth.js';
import { checkDictionary } from '../dictionary/service.js';
import { attachFiles } from '../files/service.js';
import { checkLots, checkMinBids, checkMoney, checkTenderDates } from './date-rules.js';
import { nextTenderNo } from './numbering.js';
import { saveTenderFields, searchColumns, tenderRow, toManagerTenders } from './queries.js';
import { checkInvitees, dateOf, wrongState } from './rules.js';
import { effectiveTenderStatus } from './status.js';
import { type LotRow, lotsOfTender, saveDraftLots } from './lots.js';
import { checkEvaluation, settingsAfterSave } from './evaluation-settings.js';

type InsertTender = z.output<typeof tenderApi.insertTenderSchema>;
type UpdateTender = z.output<typeof tenderApi.updateTenderSchema>;

/** The tender as the log keeps it: the managers' view. */
export async function tenderSnapshot(tx: Tx, id: number, now: Date) {
  const [view] = await toManagerTenders(tx, [await tenderRow(tx, id)], now);
  return view!;
}

async function replaceInvitations(tx: Tx, tenderId: number, supplierIds: number[]) {
  await tx.delete(tenderInvitations).where(eq(tenderInvitations.tenderId, tenderId));
  if (supplierIds.length)
    await tx
      .insert(tenderInvitations)
      .values(supplierIds.map((supplierId) => ({ tenderId, supplierId })));
}

const singleLotOf = (values: {
  title: string;
  budget: string;
  priceCeiling: string | null;
  minBids: number;
}) => ({
  name: values.title,
  budget: values.budget,
  priceCeiling: values.priceCeiling,
  minBids: values.minBids,
});

/** A stored lot as the lot rules read it. */
export const lotValuesOf = (lot: LotRow): LotValues & { lotNo: number } => ({
  lotId: lot.id,
  lotNo: lot.lotNo,
  name: lot.name,
  budget: Number(lot.budget),
  priceCeiling: lot.priceCeiling === null ? null : Number(lot.priceCeiling),
  minBids: lot.minBids,
  bidBond: Number(lot.bidBond),
  quantity: lot.quantity,
  description: lot.description,
});

/**
 * The lots a save will leave: those sent, or the stored ones of a tender of several lots, or
 * the one lot that follows the tender's budget, ceiling and minimum (keeping its stored bond).
 */
function lotsAfterSave(
  input: Pick<InsertTender, 'lots' | 'title' | 'budget' | 'priceCeiling' | 'minBids'>,
  stored: readonly LotRow[],
): { lots: LotValues[]; sent: boolean } {
  if (input.lots) return { lots: input.lots, sent: true };
  if (stored.length > 1) return { lots: stored.map(lotValuesOf), sent: false };
  const [one] = stored;
  return {
    lots: [
      {
        lotNo: 1,
        name: input.title,
        budget: input.budget,
        priceCeiling: input.priceCeiling ?? null,
        minBids: input.minBids,
        bidBond: one ? Number(one.bidBond) : 0,
        quantity: one?.quantity ?? null,
        description: one?.description ?? '',
      },
    ],
    sent: false,
  };
}

/** A draft's fields after the rules a draft can already be held to (now = earliest publication). */
async function checkedDraft(
  tx: Tx,
  input: InsertTender,
  now: Date,
  stored: readonly LotRow[] = [],
  storedEvaluation?: StoredEvaluation,
) {
  await checkDictionary(tx, 'category', 'tender_category', input.category);
  await checkDictionary(tx, 'region', 'region', input.region ?? null);
  await checkDictionary(tx, 'currency', 'currency', input.currency);
  checkMoney(input.budget, input.priceCeiling ?? null);
  checkMinBids(input.mandatory, input.minBids);
  const dates = checkTenderDates(
    {
      bidDeadline: new Date(input.bidDeadline),
      openingAt: dateOf(input.openingAt),
      docsFrom: dateOf(input.docsFrom),
      docsUntil: dateOf(input.docsUntil),
      mandatory: input.mandatory,
      questionsUntil: dateOf(input.questionsUntil),
    },
    now,
    now,
  );
  const invitees = await checkInvitees(tx, input.procurementMethod, input.invitedSupplierIds, now);
  const after = lotsAfterSave(input, stored);
  const storedIds = new Set(stored.map((lot) => lot.id));
  after.lots.forEach((lot, index) => {
    if (after.sent && lot.lotId !== undefined && !storedIds.has(lot.lotId))
      throw new Invalid(`lots.${index}.lotId`, `标段 ${lot.lotId} 不属于该招标`);
  });
  checkLots(after.lots, input);
  const evaluation = settingsAfterSave(input.evaluation, storedEvaluation, input.mandatory);
  checkEvaluation(evaluation, input);
  const lotValues = after.sent ? numberedLots(after.lots) : undefined;
  // A tender of several lots (or lots sent) costs what its lots cost together.
  const budget =
    after.sent || after.lots.length > 1
      ? after.lots.reduce((sum, lot) => sum + Math.round(lot.budget * 100), 0) / 100
      : input.budget;
  return {
    lotValues,
    values: {
      title: input.title,
      category: input.category,
      procurementMethod: input.procurementMethod,
      budget: budget.toFixed(2),
      maxLotsPerWinner: input.maxLotsPerWinner ?? null,
      evaluation,
      currency: input.currency,
      region: input.region ?? null,
      description: sanitizeRichText(input.description),
      contact: input.contact ?? null,
      contactPhone: input.contactPhone ?? null,
      mandatory: input.mandatory,
      // A draft keeps the window it was given (null = the defaults at publication).
      docsFrom: dateOf(input.docsFrom),
      docsUntil: dateOf(input.docsUntil),
      bidValidityDays: input.bidValidityDays,
      bidDeadline: dates.bidDeadline,
      openingAt: dates.openingAt,
      minBids: input.minBids,
      priceCeiling: input.priceCeiling == null ? null : input.priceCeiling.toFixed(2),
      sealMode: input.sealMode,
      decryptionMinutes: input.decryptionMinutes,
      confirmMinutes: input.confirmMinutes,
      questionsUntil: dateOf(input.questionsUntil),
      bondForms: input.bondForms,
    },
    invitees,
  };
}

export async function insertTender(
  deps: AppDeps,
  input: InsertTender,
  user: AuthUser,
  actor: Actor,
) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const { values, invitees, lotValues } = await checkedDraft(tx, input, now);
    const tenderNo = await nextTenderNo(tx, now);
    const [row] = await tx
      .insert(tenders)
      .values({
        ...values,
        tenderNo,
        status: 'draft',
        createdBy: user.userid,
        createdAt: now,
        updatedAt: now,
        ...(await searchColumns(tx, { ...values, tenderNo })),
      })
      .returning({ id: tenders.id });
    const id = row!.id;
    await saveDraftLots(tx, id, lotValues, singleLotOf(values), now);
    await replaceInvitations(tx, id, invitees);
    await attachFiles(tx, {
      fileIds: input.documentIds,
      ownerType: 'tender',
      ownerId: id,
      userId: user.userid,
      now,
    });
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: id,
      after: await tenderSnapshot(tx, id, now),
    });
    return { id, tenderNo };
  });
}

export async function updateTender(
  deps: AppDeps,
  input: UpdateTender,
  user: AuthUser,
  actor: Actor,
) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, input.id, true);
    if (row.status !== 'draft')
      throw wrongState(
        '通过草稿修改（已发布的招标请用澄清/修改）',
        effectiveTenderStatus(row, now),
      );
    const before = await tenderSnapshot(tx, input.id, now);
    const pick = <K extends keyof UpdateTender>(key: K, current: unknown) =>
      input[key] === undefined ? current : input[key];
    const bidDeadline = input.bidDeadline ?? before.bidDeadline;
    // An opening left at the old deadline follows a new deadline.
    const openingAt =
      input.openingAt !== undefined
        ? input.openingAt
        : before.openingAt === before.bidDeadline
          ? null
          : before.openingAt;
    const merged = {
      title: pick('title', before.title),
      category: pick('category', before.category),
      procurementMethod: pick('procurementMethod', before.procurementMethod),
      budget: pick('budget', before.budget),
      currency: pick('currency', before.currency),
      region: pick('region', before.region),
      description: pick('description', before.description),
      contact: pick('contact', before.contact),
      contactPhone: pick('contactPhone', before.contactPhone),
      mandatory: pick('mandatory', before.mandatory),
      docsFrom: pick('docsFrom', before.docsFrom),
      docsUntil: pick('docsUntil', before.docsUntil),
      bidValidityDays: pick('bidValidityDays', before.bidValidityDays),
      bidDeadline,
      openingAt,
      minBids: pick('minBids', before.minBids),
      priceCeiling: pick('priceCeiling', before.priceCeiling),
      sealMode: pick('sealMode', before.sealMode),
      decryptionMinutes: pick('decryptionMinutes', before.decryptionMinutes),
      confirmMinutes: pick('confirmMinutes', before.confirmMinutes),
      invitedSupplierIds: pick('invitedSupplierIds', before.invitedSupplierIds),
      documentIds: pick('documentIds', before.documentIds),
      lots: input.lots,
      maxLotsPerWinner: pick('maxLotsPerWinner', before.maxLotsPerWinner),
      evaluation: input.evaluation,
      questionsUntil: pick(
        'questionsUntil',
        before.questionsUntilDefault ? null : before.questionsUntil,
      ),
      bondForms: pick('bondForms', before.bondForms),
    } as InsertTender;
    const { values, invitees, lotValues } = await checkedDraft(
      tx,
      merged,
      now,
      await lotsOfTender(tx, input.id),
      row.evaluation,
    );
    await saveTenderFields(tx, { id: input.id, tenderNo: row.tenderNo }, values, now);
    await saveDraftLots(tx, input.id, lotValues, singleLotOf(values), now);
    await replaceInvitations(tx, input.id, invitees);
    if (input.documentIds)
      await attachFiles(tx, {
        fileIds: input.documentIds,
        ownerType: 'tender',
        ownerId: input.id,
        userId: user.userid,
        now,
      });
    const after = await tenderSnapshot(tx, input.id, now);
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: input.id,
      ...changedFields(before, after),
    });
  });
}

export async function deleteTender(deps: AppDeps, id: number, user: AuthUser, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, id, true);
    if (row.status !== 'draft')
      throw wrongState('删除（只能删除草稿）', effectiveTenderStatus(row, now));
    const before = await tenderSnapshot(tx, id, now);
    await attachFiles(tx, { fileIds: [], ownerType: 'tender', ownerId: id, userId: user.userid });
    await tx.delete(tenders).where(eq(tenders.id, id));
    await recordAudit(tx, actor, { targetType: 'tender', targetId: id, before });
  });
}

/** Every rule again, with this moment as the publication; the defaults become concrete dates. */
export async function publishTender(deps: AppDeps, id: number, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, id, true);
    if (row.status !== 'draft') {
      const status = effectiveTenderStatus(row, now);
      throw wrongState(status === 'published' ? '重复发布' : '发布', status);
    }
    const before = await tenderSnapshot(tx, id, now);
    const dates = checkTenderDates(
      {
        bidDeadline: row.bidDeadline,
        openingAt: row.openingAt,
        docsFrom: row.docsFrom,
        docsUntil: row.docsUntil,
        mandatory: row.mandatory,
        questionsUntil: row.questionsUntil,
      },
      now,
      now,
    );
    checkMoney(Number(row.budget), row.priceCeiling === null ? null : Number(row.priceCeiling));
    checkMinBids(row.mandatory, row.minBids);
    checkLots((await lotsOfTender(tx, id)).map(lotValuesOf), row);
    // Fixed from here on: a draft saved before the settings existed reads as the defaults.
    checkEvaluation(readEvaluation(row.evaluation), row);
    await checkInvitees(tx, row.procurementMethod, before.invitedSupplierIds, now);
    await tx
      .update(tenders)
      .set({ ...dates, status: 'published', publishedAt: now, updatedAt: now })
      .where(eq(tenders.id, id));
    const after = await tenderSnapshot(tx, id, now);
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: id,
      ...changedFields(before, after),
    });
    return { status: after.status, publishedAt: now.toISOString() };
  });
}

export async function cancelTender(deps: AppDeps, id: number, reason: string, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, id, true);
    if (row.status !== 'published') throw wrongState('终止', effectiveTenderStatus(row, now));
    await tx
      .update(tenders)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now })
      .where(eq(tenders.id, id));
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: id,
      before: { status: effectiveTenderStatus(row, now), cancelReason: null },
      after: { status: 'cancelled', cancelReason: reason },
    });
  });
}
