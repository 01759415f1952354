import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

/** The audit rows written about one target (a `committee`, an `expert` …), as the table returns them. */
export function auditRowsOf(t: TestApp, targetType: string, targetId: number | string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))));
}
