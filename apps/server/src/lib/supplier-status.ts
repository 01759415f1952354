import { sql, type SQL } from 'drizzle-orm';
import { formatDateTime, type SupplierStatus } from '@tender/contracts';
import { suppliers } from '../db/schema/index.js';

export type { SupplierStatus };

/**
 * The status that applies now: a blacklisting whose end has passed reads as approved (it lifts
 * by the clock, no job rewrites the row). A permanent blacklisting (no end) stays.
 */
export function effectiveSupplierStatus(
  row: { status: SupplierStatus; blacklistUntil: Date | null },
  now: Date,
): SupplierStatus {
  if (
    row.status === 'blacklisted' &&
    row.blacklistUntil !== null &&
    row.blacklistUntil.getTime() <= now.getTime()
  )
    return 'approved';
  return row.status;
}

/** The same rule in SQL, for filters and joins; `now` is the clock's time, never SQL now(). */
export function effectiveSupplierStatusSql(now: Date): SQL<SupplierStatus> {
  return sql<SupplierStatus>`(case when ${suppliers.status} = 'blacklisted' and ${suppliers.blacklistUntil} is not null and ${suppliers.blacklistUntil} <= ${now.toISOString()}::timestamptz then 'approved' else ${suppliers.status} end)`;
}

/**
 * Why a company may not sign up or bid, in Chinese, or null when it may (approved). Pass the
 * effective status (see effectiveSupplierStatus).
 */
export function supplierBlockReason(
  status: SupplierStatus,
  blacklistUntil?: Date | null,
): string | null {
  switch (status) {
    case 'approved':
      return null;
    case 'pending':
      return '贵公司的供应商资料尚在审核中，审核通过后才能报名或投标';
    case 'rejected':
      return '贵公司的供应商资料审核未通过，请在个人信息中修改后重新提交审核';
    case 'blacklisted':
      return blacklistUntil
        ? `贵公司已被列入黑名单（至 ${formatDateTime(blacklistUntil)}），期间不能报名或投标`
        : '贵公司已被列入黑名单，不能报名或投标';
  }
}
