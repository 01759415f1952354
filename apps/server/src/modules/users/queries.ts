import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import { roles, suppliers, users } from '../../db/schema/index.js';
import { iso, likePattern } from '../../lib/paging.js';
import type { Tx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';

export interface UserFilters {
  username?: string;
  realName?: string;
  roleId?: number;
  status?: 'enabled' | 'disabled';
}

type FilterValue = string | number | null | Placeholder;

/**
 * The user list's filters, a filter given as null matching every user: one statement serves
 * every combination, so the list's page query is prepared once (`usersPage`).
 */
const userFilterConditions = (f: Record<keyof UserFilters, FilterValue>) =>
  and(
    sql`(${f.username}::text is null or ${users.username} ilike ${f.username})`,
    sql`(${f.realName}::text is null or ${users.realName} ilike ${f.realName})`,
    sql`(${f.roleId}::int is null or ${users.roleId} = ${f.roleId})`,
    sql`(${f.status}::text is null or ${users.status} = ${f.status})`,
  );

/** The values of the filters (placeholders of `userFilterConditions`); `%`/`_` are literal. */
export const userFilterValues = (f: UserFilters) => ({
  username: f.username ? likePattern(f.username) : null,
  realName: f.realName ? likePattern(f.realName) : null,
  roleId: f.roleId || null,
  status: f.status ?? null,
});

export const userFilterWhere = (f: UserFilters) => userFilterConditions(userFilterValues(f));

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

/**
 * A page of users in id order, each row carrying the total: a count of the filtered users in
 * the same statement (uncorrelated, so evaluated once), while the page itself walks the
 * primary key and joins only its own rows.
 */
export const usersPage = preparedQuery((db) => {
  const filters = userFilterConditions({
    username: sql.placeholder('username'),
    realName: sql.placeholder('realName'),
    roleId: sql.placeholder('roleId'),
    status: sql.placeholder('status'),
  });
  return db
    .select({
      ...userColumns,
      total: sql<number>`(select count(*)::int from ${users} where ${filters})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(filters)
    .orderBy(asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('users_page');
});

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

export const toAdminUser = (row: UserRow) => ({
  ...row,
  lastLoginAt: iso(row.lastLoginAt),
  createdAt: iso(row.createdAt)!,
});
