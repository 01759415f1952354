import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { roles, suppliers, users } from '../../db/schema/index.js';
import { iso, likePattern } from '../../lib/paging.js';
import type { Tx } from '../../db/client.js';

export interface UserFilters {
  username?: string;
  realName?: string;
  roleId?: number;
  status?: 'enabled' | 'disabled';
}

export const userFilterWhere = (f: UserFilters) => {
  const conditions: SQL[] = [];
  if (f.username) conditions.push(ilike(users.username, likePattern(f.username)));
  if (f.realName) conditions.push(ilike(users.realName, likePattern(f.realName)));
  if (f.roleId) conditions.push(eq(users.roleId, f.roleId));
  if (f.status) conditions.push(eq(users.status, f.status));
  return conditions.length ? and(...conditions) : undefined;
};

/** The public shape of a user: never the password hash, the lock-out or token fields. */
export const userColumns = {
  userid: users.id,
  username: users.username,
  realName: users.realName,
  roleId: users.roleId,
  roleName: roles.roleName,
  phone: users.phone,
  email: users.email,
  status: users.status,
  supplierId: users.supplierId,
  supplierName: suppliers.companyName,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export const selectUsers = (tx: Tx) =>
  tx
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId));

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

export const toAdminUser = (row: UserRow) => ({
  ...row,
  lastLoginAt: iso(row.lastLoginAt),
  createdAt: iso(row.createdAt)!,
});
