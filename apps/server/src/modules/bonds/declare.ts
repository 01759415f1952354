import { and, eq, sql } from 'drizzle-orm';
import { formatDate, formatMoney, lotLabel } from '@tender/contracts';
import {
  BOND_FORM_LABELS,
  formHasInstrument,
  maskAccount,
  type Bond,
  type BondForm,
} from '@tender/contracts/bond';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { bonds, participationLots, participations, type tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, conflictOnUnique, Forbidden, Invalid } from '../../lib/errors.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import type { AuthUser } from '../../plugins/auth.js';
import { tenderBidRefusal } from '../bids/submit.js';
import { attachFiles } from '../files/service.js';
import { lotsOfTender, pickLot, type LotRow } from '../tenders/lots.js';
import { bondView } from './views.js';

type TenderRow = typeof tenders.$inferSelect;

export interface DeclareInput {
  tenderId: number;
  lotId?: number;
  form: BondForm;
  amount: number;
  payerName: string;
  payerAccount: string;
  guaranteeNo?: string | null;
  issuer?: string | null;
  validUntil?: string | null;
  fileIds: number[];
}

const DAY_MS = 24 * 3600_000;

/** A calendar day that exists (2026-02-30 does not). */
export function isRealDay(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

/**
 * The first day a guarantee or insurance may end on: the Beijing day of the bid deadline plus
 * the bid validity (the bond must cover every day a bid binds its bidder).
 */
export const minValidUntil = (tender: Pick<TenderRow, 'bidDeadline' | 'bidValidityDays'>) =>
  formatDate(new Date(tender.bidDeadline.getTime() + tender.bidValidityDays * DAY_MS));

function supplierOf(user: AuthUser): number {
  if (user.supplierId === null) throw new Forbidden('当前账号不属于任何供应商，不能申报投标保证金');
  return user.supplierId;
}

/** The caller's company signed up for the tender and for this lot, as for a bid. */
async function checkSignedUp(tx: Tx, tenderId: number, lot: LotRow, supplierId: number) {
  const [signedUp] = await tx
    .select({ one: sql<number>`1` })
    .from(participations)
    .where(and(eq(participations.tenderId, tenderId), eq(participations.supplierId, supplierId)));
  if (!signedUp) throw new Conflict('贵公司尚未报名该招标项目，请先报名再申报投标保证金');
  const [signedUpForLot] = await tx
    .select({ one: sql<number>`1` })
    .from(participationLots)
    .where(and(eq(participationLots.lotId, lot.id), eq(participationLots.supplierId, supplierId)));
  if (!signedUpForLot)
    throw new Conflict(`贵公司未报名${lotLabel(lot)}，不能申报该标段的投标保证金`, 'lotId');
}

/** The form, amount and instrument fields against the tender and the lot. */
function checkTerms(input: DeclareInput, tender: TenderRow, lot: LotRow) {
  const required = Number(lot.bidBond);
  if (!(required > 0)) throw new Invalid('lotId', `${lotLabel(lot)}不要求投标保证金，无需申报`);
  if (!tender.bondForms.includes(input.form))
    throw new Invalid(
      'form',
      `本招标不接受「${BOND_FORM_LABELS[input.form]}」形式的保证金，可选：${tender.bondForms.map((f) => BOND_FORM_LABELS[f]).join('、')}`,
    );
  if (input.amount < required)
    throw new Invalid(
      'amount',
      `保证金金额不能低于${lotLabel(lot)}要求的 ${formatMoney(required, tender.currency)}`,
    );
  const instrument = { guaranteeNo: '保函/保单编号', issuer: '出具机构', validUntil: '有效期至' };
  if (!formHasInstrument(input.form)) {
    for (const [field, label] of Object.entries(instrument))
      if (input[field as keyof typeof instrument])
        throw new Invalid(field, `转账方式的保证金不填写${label}`);
    return;
  }
  const formLabel = BOND_FORM_LABELS[input.form];
  for (const [field, label] of Object.entries(instrument))
    if (!input[field as keyof typeof instrument])
      throw new Invalid(field, `${formLabel}须填写${label}`);
  if (!isRealDay(input.validUntil!))
    throw new Invalid('validUntil', `有效期至 ${input.validUntil} 不是有效日期`);
  const least = minValidUntil(tender);
  if (input.validUntil! < least)
    throw new Invalid(
      'validUntil',
      `${formLabel}有效期至少应到 ${least}（投标截止日加投标有效期 ${tender.bidValidityDays} 天）`,
    );
}

/** What the audit log keeps of a declaration: the account masked like everyone else sees it. */
const audited = (bond: Bond) => ({
  lotId: bond.lotId,
  form: bond.form,
  amount: bond.amount,
  payerName: bond.payerName,
  payerAccount: maskAccount(bond.payerAccount),
  guaranteeNo: bond.guaranteeNo,
  issuer: bond.issuer,
  validUntil: bond.validUntil,
  fileIds: bond.files.map((f) => f.id),
  status: bond.status,
});

/**
 * 申报投标保证金: one per company and lot, before the deadline; a new declaration replaces the
 * last in place and goes back to finance (`declared`). A refunded or forfeited bond is closed.
 */
export async function declareBond(
  deps: AppDeps,
  input: DeclareInput,
  user: AuthUser,
  actor: Actor,
): Promise<Bond> {
  const supplierId = supplierOf(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.tenderId, 'share');
    if (!tender || tender.status === 'draft') throw tenderNotFound(input.tenderId);
    const lot = pickLot(await lotsOfTender(tx, tender.id), input.lotId);
    await checkSignedUp(tx, tender.id, lot, supplierId);
    const refusal = tenderBidRefusal(tender, now);
    if (refusal) throw new Conflict(refusal.replace(/不能(再)?投标$/, '不能申报投标保证金'));
    if (lot.status === 'failed')
      throw new Conflict(`${lotLabel(lot)}已流标，不能申报投标保证金`, 'lotId');
    checkTerms(input, tender, lot);

    const [existing] = await tx
      .select()
      .from(bonds)
      .where(and(eq(bonds.lotId, lot.id), eq(bonds.supplierId, supplierId)))
      .for('update');
    if (existing?.status === 'refunded' || existing?.status === 'forfeited')
      throw new Conflict(
        `该标段的保证金已${existing.status === 'refunded' ? '退还' : '没收'}，不能重新申报`,
      );
    const before = existing
      ? await bondView(tx, existing.id, { supplierId, ledger: false }, now)
      : null;
    const instrument = formHasInstrument(input.form);
    const values = {
      form: input.form,
      amount: input.amount.toFixed(2),
      payerName: input.payerName,
      payerAccount: input.payerAccount,
      guaranteeNo: instrument ? input.guaranteeNo! : null,
      issuer: instrument ? input.issuer! : null,
      validUntil: instrument ? input.validUntil! : null,
      declaredBy: user.userid,
      status: 'declared' as const,
      reviewReason: null,
      reviewedBy: null,
      reviewedAt: null,
      declaredAt: now,
      updatedAt: now,
    };
    const [saved] = existing
      ? await tx
          .update(bonds)
          .set(values)
          .where(eq(bonds.id, existing.id))
          .returning({ id: bonds.id })
      : // Two first declarations at once: the unique index lets one in, the other is told.
        await conflictOnUnique(
          new Conflict('贵公司同时提交了该标段的另一份保证金申报，请刷新后再申报'),
          () =>
            tx
              .insert(bonds)
              .values({ ...values, tenderId: tender.id, lotId: lot.id, supplierId })
              .returning({ id: bonds.id }),
        );
    await attachFiles(tx, {
      fileIds: input.fileIds,
      ownerType: 'bond',
      ownerId: saved!.id,
      userId: user.userid,
      now,
    });
    const after = await bondView(tx, saved!.id, { supplierId, ledger: false }, now);
    await recordAudit(tx, actor, {
      targetType: 'bond',
      targetId: saved!.id,
      before: before ? audited(before) : null,
      after: audited(after),
    });
    return after;
  });
}
