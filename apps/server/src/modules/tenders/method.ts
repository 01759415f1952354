import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import {
  PROCUREMENT_METHOD_CODES,
  procurementMethodLabel,
  restrictsToInvitees,
  type ProcurementMethod,
} from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { tenderInvitations, tenders } from '../../db/schema/index.js';

/*
 * Who may know of, sign up for and bid on a tender, by its procurement method (the list and
 * what each method implies live in @tender/contracts' procurement-method).
 */

export { restrictsToInvitees };

/** A company may take part unless the method restricts the tender to invitees it is not among. */
export const admits = (method: ProcurementMethod, invited: boolean) =>
  invited || !restrictsToInvitees(method);

export const notInvitedToSignUp = (method: ProcurementMethod) =>
  `本项目为${procurementMethodLabel(method)}，贵公司未受邀`;

export const notInvitedToBid = (method: ProcurementMethod) =>
  `本项目为${procurementMethodLabel(method)}，贵公司未受邀请，不能投标`;

export const noInvitees = (method: ProcurementMethod) =>
  `${procurementMethodLabel(method)}须至少邀请一家供应商`;

export async function isInvited(tx: Tx, tenderId: number, supplierId: number) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(tenderInvitations)
    .where(
      and(eq(tenderInvitations.tenderId, tenderId), eq(tenderInvitations.supplierId, supplierId)),
    );
  return Boolean(row);
}

const OPEN_TO_ALL = PROCUREMENT_METHOD_CODES.filter((m) => !restrictsToInvitees(m));

/**
 * The method lets anyone in, as SQL. The codes are written as literals (ours, not input), so
 * the planner can match tenders_public_newest_idx's predicate (`= 'open'`).
 */
export function openToAll(column: AnyColumn = tenders.procurementMethod): SQL {
  const codes = OPEN_TO_ALL.map((m) => `'${m}'`);
  if (!codes.length) return sql`false`;
  if (codes.length === 1) return sql`${column} = ${sql.raw(codes[0]!)}`;
  return sql`${column} in (${sql.raw(codes.join(', '))})`;
}

/** The tender admits this company: open to all, or it is invited. */
export const admitsSql = (supplierId: number | Placeholder) =>
  sql`(${openToAll()} or exists (select 1 from ${tenderInvitations} where ${tenderInvitations.tenderId} = ${tenders.id} and ${tenderInvitations.supplierId} = ${supplierId}))`;
