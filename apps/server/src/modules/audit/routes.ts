import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { audit } from '@tender/contracts';
import { auditLog } from '../../db/schema/index.js';
import { addRoute } from '../../plugins/route.js';
import { iso, likePattern, offsetOf, pageOf } from '../../lib/paging.js';
import { verifyAuditChain } from '../../lib/audit-chain.js';

/*
 * Read-only on purpose: no route changes or deletes an audit row, for anyone (a test checks
 * every registered route), and a trigger refuses such changes in the database too.
 */

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  addRoute(app, audit.listAuditLog, { power: 'menu:auditLog' }, async (query) => {
    const conditions: SQL[] = [];
    if (query.userid) conditions.push(eq(auditLog.userId, query.userid));
    if (query.action) conditions.push(ilike(auditLog.action, likePattern(query.action)));
    if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
    if (query.to) conditions.push(lte(auditLog.createdAt, new Date(query.to)));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    const list = rows.map(({ userId, createdAt, ...row }) => ({
      ...row,
      userid: userId,
      createdAt: iso(createdAt)!,
    }));
    return pageOf(list, total!.n, query);
  });

  addRoute(app, audit.verifyAuditChain, { power: 'menu:auditLog' }, async () =>
    verifyAuditChain(db),
  );
}
