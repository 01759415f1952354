import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { tenders } from '../../db/schema/index.js';
import { type Actor, recordAudit } from '../../lib/audit.js';
import type { AuthUser } from '../../plugins/auth.js';
import { Invalid } from '../../lib/errors.js';
import { listFiles } from '../files/service.js';
import { lotsOfTender, pickLot, saveDraftLots } from './lots.js';
import { lotValuesOf } from './service.js';
import { nextTenderNo } from './numbering.js';
import { searchColumns, tenderRow } from './queries.js';
import { wrongState } from './rules.js';
import { tenderSnapshot } from './service.js';
import { effectiveTenderStatus } from './status.js';

/**
 * A failed or cancelled tender — or the failed lots of an opened or awarded one — starts again
 * as a new draft with the same fields, invitees and documents (the files and their bytes are
 * copied: a file belongs to one record), linked by retenderOf, holding the chosen lots
 * (`lotIds`; default every failed lot, or every lot of a cancelled tender) numbered 1…n. Its
 * dates are the old ones: the manager sets new ones before publishing.
 */
export async function retenderTender(
  deps: AppDeps,
  id: number,
  user: AuthUser,
  actor: Actor,
  lotIds?: readonly number[],
) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, id, true);
    const oldLots = await lotsOfTender(tx, id);
    const failedLots = oldLots.filter((lot) => lot.status === 'failed');
    const whole = row.status === 'cancelled' || row.status === 'failed';
    const lotsFailedAlone =
      (row.status === 'opened' || row.status === 'awarded') && failedLots.length > 0;
    if (!whole && !lotsFailedAlone)
      throw wrongState(
        '重新招标（仅流标或已终止的招标、或有标段流标的招标可以）',
        effectiveTenderStatus(row, now),
      );
    // Every lot may start again once the whole tender is over; otherwise only the failed ones.
    const eligible = row.status === 'cancelled' || !failedLots.length ? oldLots : failedLots;
    const chosen = lotIds
      ? [...new Set(lotIds)].map((lotId) => {
          const lot = pickLot(oldLots, lotId, 'lotIds');
          if (!eligible.includes(lot))
            throw new Invalid('lotIds', `标段 ${lot.lotNo}「${lot.name}」未流标，不能重新招标`);
          return lot;
        })
      : eligible;
    const newLots = [...chosen]
      .sort((a, b) => a.lotNo - b.lotNo)
      .map((lot, index) => ({ ...lotValuesOf(lot), lotId: undefined, lotNo: index + 1 }));
    const [old] = await tx.select().from(tenders).where(eq(tenders.id, id));
    const { id: _id, tenderNo: _no, searchVector: _v, ...copied } = old!;
    const budget = newLots.reduce((sum, lot) => sum + Math.round(lot.budget * 100), 0) / 100;
    const fields = {
      ...copied,
      budget: budget.toFixed(2),
      // 兼投不兼中 within the lots that start again.
      maxLotsPerWinner:
        copied.maxLotsPerWinner === null ? null : Math.min(copied.maxLotsPerWinner, newLots.length),
    };
    const tenderNo = await nextTenderNo(tx, now);
    const [created] = await tx
      .insert(tenders)
      .values({
        ...fields,
        tenderNo,
        status: 'draft',
        cancelReason: null,
        publishedAt: null,
        retenderOf: id,
        createdBy: user.userid,
        createdAt: now,
        updatedAt: now,
        ...(await searchColumns(tx, { ...fields, tenderNo })),
      })
      .returning({ id: tenders.id });
    const newId = created!.id;
    await saveDraftLots(
      tx,
      newId,
      newLots,
      {
        name: fields.title,
        budget: fields.budget,
        priceCeiling: fields.priceCeiling,
        minBids: fields.minBids,
      },
      now,
    );
    await tx.execute(sql`insert into tender_invitations (tender_id, supplier_id)
      select ${newId}, supplier_id from tender_invitations where tender_id = ${id}`);
    for (const file of await listFiles(tx, 'tender', id)) {
      const copied = await tx.execute<{ id: number }>(sql`insert into files
          (name, content_type, size, sha256, uploaded_by, owner_type, owner_id, created_at)
        select name, content_type, size, sha256, ${user.userid}, 'tender', ${newId}, ${now.toISOString()}::timestamptz
        from files where id = ${file.id} returning id`);
      const copyId = (copied as unknown as { rows: { id: number }[] }).rows[0]!.id;
      await tx.execute(sql`insert into file_chunks (file_id, seq, data)
        select ${copyId}, seq, data from file_chunks where file_id = ${file.id}`);
    }
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: newId,
      after: { ...(await tenderSnapshot(tx, newId, now)), retenderOf: id },
    });
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: id,
      after: { retenderedAs: newId, tenderNo, lotIds: chosen.map((lot) => lot.id) },
    });
    return { id: newId, tenderNo };
  });
}
