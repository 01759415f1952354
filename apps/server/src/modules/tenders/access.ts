import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { participations, tenders } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { selectTenders, visibleToSupplier, type TenderRow } from './queries.js';

export type Viewer =
  { kind: 'manager' } | { kind: 'bidder'; supplierId: number } | { kind: 'none' };

/** A manager holds the tender list; a bidder has a company; anyone else sees no tender. */
export async function viewerOf(db: Db, user: AuthUser): Promise<Viewer> {
  if (await holdsPower(db, user, 'menu:tender_list')) return { kind: 'manager' };
  if (user.supplierId) return { kind: 'bidder', supplierId: user.supplierId };
  return { kind: 'none' };
}

export const tenderNotFound = (id: number) => new NotFound(`招标 ${id} 不存在`);

/** The tender if this viewer may know of it; 404 otherwise (never 403: it does not exist for them). */
export async function visibleTender(tx: Tx, viewer: Viewer, id: number): Promise<TenderRow> {
  if (viewer.kind === 'none') throw tenderNotFound(id);
  const [row] = await selectTenders(tx).where(
    and(
      eq(tenders.id, id),
      viewer.kind === 'bidder' ? visibleToSupplier(viewer.supplierId) : undefined,
    ),
  );
  if (!row) throw tenderNotFound(id);
  return row;
}

export async function signUpOf(tx: Tx, tenderId: number, supplierId: number) {
  const [row] = await tx
    .select({ createdAt: participations.createdAt })
    .from(participations)
    .where(and(eq(participations.tenderId, tenderId), eq(participations.supplierId, supplierId)));
  return row ?? null;
}

/** Managers, and the companies signed up for it: the others do not learn it exists. */
export async function assertReadsAmendments(tx: Tx, viewer: Viewer, tenderId: number) {
  await visibleTender(tx, viewer, tenderId);
  if (viewer.kind === 'bidder' && !(await signUpOf(tx, tenderId, viewer.supplierId)))
    throw tenderNotFound(tenderId);
}

export const amendmentsSince = (tenderId: number, since: Date) =>
  sql<number>`(select count(*)::int from amendments where tender_id = ${tenderId} and created_at > ${since.toISOString()}::timestamptz)`;
