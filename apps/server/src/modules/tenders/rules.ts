import { inArray } from 'drizzle-orm';
import type { ProcurementMethod, TenderStatus } from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { suppliers } from '../../db/schema/index.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import { effectiveSupplierStatus } from '../../lib/supplier-status.js';
import { noInvitees, restrictsToInvitees } from './method.js';

export const STATUS_LABEL: Record<TenderStatus, string> = {
  draft: '草稿',
  published: '已发布',
  closed: '已截止',
  opening: '开标中',
  opened: '已开标',
  evaluating: '评标中',
  awarded: '已定标',
  cancelled: '已终止',
  failed: '流标',
};

export const SUPPLIER_STATUS_LABEL = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
  blacklisted: '黑名单',
} as const;

/** 409 naming the state the tender is in. */
export const wrongState = (action: string, status: TenderStatus) =>
  new Conflict(`该招标当前状态为「${STATUS_LABEL[status]}」，不能${action}`);

export const dateOf = (value: string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value);

/**
 * A tender restricted to invitees names at least one, each an approved supplier (on the clock:
 * a blacklisting that has ended counts as approved). Any other tender keeps no invitees.
 */
export async function checkInvitees(
  tx: Tx,
  method: ProcurementMethod,
  ids: number[],
  now: Date,
): Promise<number[]> {
  if (!restrictsToInvitees(method)) return [];
  const unique = [...new Set(ids)];
  if (!unique.length) throw new Invalid('invitedSupplierIds', noInvitees(method));
  const rows = await tx
    .select({
      id: suppliers.id,
      companyName: suppliers.companyName,
      status: suppliers.status,
      blacklistUntil: suppliers.blacklistUntil,
    })
    .from(suppliers)
    .where(inArray(suppliers.id, unique));
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Invalid('invitedSupplierIds', `供应商 ${id} 不存在`);
    const status = effectiveSupplierStatus(row, now);
    if (status !== 'approved')
      throw new Invalid(
        'invitedSupplierIds',
        `受邀供应商须已通过审核：「${row.companyName}」当前为${SUPPLIER_STATUS_LABEL[status]}`,
      );
  }
  return unique;
}
