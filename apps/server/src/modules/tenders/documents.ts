import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import {
  auditLog,
  downloadLog,
  participations,
  suppliers,
  tenders,
} from '../../db/schema/index.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { effectiveSupplierStatus } from '../../lib/supplier-status.js';
import { holdsPower } from '../../plugins/auth.js';
import { registerFileReadPolicy } from '../files/service.js';
import { visibleTender } from './access.js';

/**
 * Who reads a tender's documents: managers always; a bidder whose company is approved (on the
 * clock) and signed up for the tender once published. Everyone else gets 404 from the files
 * module. Every read is logged (who, which company, which file, from where, when).
 */
export function registerTenderDocumentPolicy() {
  registerFileReadPolicy('tender', async ({ db, user, file, ip, now }) => {
    if (!user) return { allowed: false };
    const [tender] = await db
      .select({ id: tenders.id, status: tenders.status })
      .from(tenders)
      .where(eq(tenders.id, file.ownerId));
    if (!tender) return { allowed: false };
    let allowed = await holdsPower(db, user, 'menu:tender_list');
    if (!allowed && user.supplierId && tender.status !== 'draft') {
      const [row] = await db
        .select({ status: suppliers.status, blacklistUntil: suppliers.blacklistUntil })
        .from(participations)
        .innerJoin(suppliers, eq(suppliers.id, participations.supplierId))
        .where(
          and(
            eq(participations.tenderId, tender.id),
            eq(participations.supplierId, user.supplierId),
          ),
        );
      allowed = Boolean(row) && effectiveSupplierStatus(row!, now) === 'approved';
    }
    if (!allowed) return { allowed: false };
    return {
      allowed: true,
      onRead: async (tx) => {
        await tx.insert(downloadLog).values({
          tenderId: tender.id,
          fileId: file.id,
          fileName: file.name,
          userId: user.userid,
          username: user.username,
          supplierId: user.supplierId,
          ip,
          createdAt: now,
        });
      },
    };
  });
}

export async function listDownloads(deps: AppDeps, query: PageQuery & { tenderId: number }) {
  await visibleTender(deps.db, { kind: 'manager' }, query.tenderId);
  const where = eq(downloadLog.tenderId, query.tenderId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: downloadLog.id,
        fileId: downloadLog.fileId,
        fileName: downloadLog.fileName,
        username: downloadLog.username,
        companyName: suppliers.companyName,
        ip: downloadLog.ip,
        createdAt: downloadLog.createdAt,
      })
      .from(downloadLog)
      .leftJoin(suppliers, eq(suppliers.id, downloadLog.supplierId))
      .where(where)
      .orderBy(desc(downloadLog.createdAt), desc(downloadLog.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(downloadLog).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total!.n,
    query,
  );
}

/** 变更日志: the audit entries about this tender, newest first. */
export async function listTenderLog(deps: AppDeps, query: PageQuery & { tenderId: number }) {
  await visibleTender(deps.db, { kind: 'manager' }, query.tenderId);
  const where = and(
    eq(auditLog.targetType, 'tender'),
    eq(auditLog.targetId, String(query.tenderId)),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        username: auditLog.username,
        ip: auditLog.ip,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total!.n,
    query,
  );
}
