import { and, eq } from 'drizzle-orm';
import { formatDateTime, type OpeningConfirmation, type OpeningEntry } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { openingConfirmations, suppliers, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  notifyOpeningObjectionAnswered,
  notifyOpeningObjectionFiled,
} from '../notifications/hooks.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { confirmationOf, confirmUntilOf, storedRecord } from './opening.js';

/**
 * After the opening (both seal modes) each supplier in the record confirms it or objects to it,
 * once, within the tender's confirmMinutes; the manager answers an objection once. Both are
 * part of the record: the table's trigger refuses deletes and any change but the one answer.
 */
export async function confirmOpeningRecord(
  deps: AppDeps,
  input: { tenderId: number; agree: boolean; objection?: string },
  user: AuthUser,
  actor: Actor,
): Promise<OpeningConfirmation> {
  if (user.supplierId === null) throw new Forbidden('当前账号不属于任何供应商，不能确认开标记录');
  const supplierId = user.supplierId;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.tenderId, 'share');
    if (!tender || tender.status === 'draft') throw tenderNotFound(input.tenderId);
    const stored = await storedRecord(tx, input.tenderId);
    const entries = (stored?.entries ?? []) as OpeningEntry[];
    // Only a supplier in the record takes part; to anyone else the record does not exist.
    if (!stored || !entries.some((e) => e.supplierId === supplierId))
      throw tenderNotFound(input.tenderId);
    const until = confirmUntilOf(tender, stored.openedAt);
    const [existing] = await tx
      .select({ agree: openingConfirmations.agree })
      .from(openingConfirmations)
      .where(
        and(
          eq(openingConfirmations.tenderId, input.tenderId),
          eq(openingConfirmations.supplierId, supplierId),
        ),
      );
    if (existing)
      throw new Conflict(
        existing.agree
          ? '贵公司已确认开标记录，不能重复提交'
          : '贵公司已对开标记录提出异议，不能重复提交',
      );
    if (now.getTime() >= until.getTime())
      throw new Conflict(`开标记录确认时间已于 ${formatDateTime(until)} 结束`);
    const [row] = await tx
      .insert(openingConfirmations)
      .values({
        tenderId: input.tenderId,
        supplierId,
        agree: input.agree,
        objection: input.agree ? null : (input.objection ?? null),
        confirmedAt: now,
        confirmedBy: user.userid,
      })
      .onConflictDoNothing()
      .returning();
    // A simultaneous second submission of the same company lost the race.
    if (!row) throw new Conflict('贵公司已提交开标记录确认，不能重复提交');
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: input.tenderId,
      after: { supplierId, agree: row.agree, objection: row.objection },
    });
    const [supplier] = await tx
      .select({ name: suppliers.companyName })
      .from(suppliers)
      .where(eq(suppliers.id, supplierId));
    if (!row.agree)
      await notifyOpeningObjectionFiled(tx, input.tenderId, tender.title, supplier!.name, now);
    return confirmationOf(row, supplier!.name);
  });
}

export async function answerOpeningObjection(
  deps: AppDeps,
  input: { tenderId: number; supplierId: number; answer: string },
  user: AuthUser,
  actor: Actor,
): Promise<OpeningConfirmation> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [tender] = await tx
      .select({ id: tenders.id, title: tenders.title })
      .from(tenders)
      .where(eq(tenders.id, input.tenderId));
    if (!tender) throw tenderNotFound(input.tenderId);
    const where = and(
      eq(openingConfirmations.tenderId, input.tenderId),
      eq(openingConfirmations.supplierId, input.supplierId),
    );
    const [found] = await tx
      .select({ c: openingConfirmations, supplierName: suppliers.companyName })
      .from(openingConfirmations)
      .innerJoin(suppliers, eq(suppliers.id, openingConfirmations.supplierId))
      .where(where)
      .for('update', { of: openingConfirmations });
    if (!found) throw new NotFound('该投标人未对开标记录提出异议');
    if (found.c.agree) throw new Conflict('该投标人已确认开标记录，没有需要答复的异议');
    if (found.c.answer !== null) throw new Conflict('该异议已答复，不能重复答复');
    const [row] = await tx
      .update(openingConfirmations)
      .set({ answer: input.answer, answeredAt: now, answeredBy: user.userid })
      .where(where)
      .returning();
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: input.tenderId,
      after: { supplierId: input.supplierId, answer: input.answer },
    });
    await notifyOpeningObjectionAnswered(tx, input.tenderId, tender.title, input.supplierId, now);
    return confirmationOf(row!, found.supplierName);
  });
}
