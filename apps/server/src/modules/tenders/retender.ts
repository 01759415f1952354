import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { tenders } from '../../db/schema/index.js';
import { type Actor, recordAudit } from '../../lib/audit.js';
import type { AuthUser } from '../../plugins/auth.js';
import { listFiles } from '../files/service.js';
import { nextTenderNo } from './numbering.js';
import { searchColumns, tenderRow } from './queries.js';
import { wrongState } from './rules.js';
import { tenderSnapshot } from './service.js';
import { effectiveTenderStatus } from './status.js';

/**
 * A failed or cancelled tender starts again as a new draft with the same fields, invitees and
 * documents (the files and their bytes are copied: a file belongs to one record), linked by
 * retenderOf. Its dates are the old ones: the manager sets new ones before publishing.
 */
export async function retenderTender(deps: AppDeps, id: number, user: AuthUser, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await tenderRow(tx, id, true);
    if (row.status !== 'failed' && row.status !== 'cancelled')
      throw wrongState('重新招标（仅流标或已终止的招标可以）', effectiveTenderStatus(row, now));
    const [old] = await tx.select().from(tenders).where(eq(tenders.id, id));
    const { id: _id, tenderNo: _no, searchVector: _v, ...fields } = old!;
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
      after: { retenderedAs: newId, tenderNo },
    });
    return { id: newId, tenderNo };
  });
}
