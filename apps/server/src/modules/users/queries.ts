import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import { roles, suppliers, users } from '../../db/schema/index.js';
import { iso, likePattern } from '../../lib/paging.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedVariants } from '../../db/prepared.js';

export interface UserFilters {
  username?: string;
  realName?: string;
  roleId?: number;
  status?: 'enabled' | 'disabled';
}

type FilterValues = { [K in keyof UserFilters]?: string | number | Placeholder };

/** The conditions of the filters given (a filter left out matches every user). */
const userFilterConditions = (f: FilterValues) =>
  and(
    f.username !== undefined ? sql`${users.username} ilike ${f.username}` : undefined,
    f.realName !== undefined ? sql`${users.realName} ilike ${f.realName}` : undefined,
    f.roleId !== undefined ? sql`${users.roleId} = ${f.roleId}` : undefined,
    f.status !== undefined ? sql`${users.status} = ${f.status}` : undefined,
  );

/** The values of the filters given; `%`/`_` in the texts are literal. */
export const userFilterValues = (f: UserFilters): FilterValues => ({
  ...(f.username ? { username: likePattern(f.username) } : {}),
  ...(f.realName ? { realName: likePattern(f.realName) } : {}),
  ...(f.roleId ? { roleId: f.roleId } : {}),
  ...(f.status ? { status: f.status } : {}),
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
 * primary key and joins only its own rows. One statement per combination of filters given
 * (a catch-all one with "filter is null or …" was planned anew for every page).
 */
const usersPageOf = preparedVariants((db, given) => {
  const filters = userFilterConditions(
    Object.fromEntries(
      given
        .split(',')
        .filter(Boolean)
        .map((key) => [key, sql.placeholder(key)]),
    ),
  );
  return db
    .select({
      ...userColumns,
      total: sql<number>`(select count(*)::int from ${users} where ${filters ?? sql`true`})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(filters)
    .orderBy(asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`users_page_${given.replaceAll(',', '_')}`);
});

/** The page query for these filter values (`userFilterValues`). */
export const usersPage = (db: Db, values: FilterValues) =>
  usersPageOf(db, Object.keys(values).sort().join(','));

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

export const toAdminUser = (row: UserRow) => ({
  ...row,
  lastLoginAt: iso(row.lastLoginAt),
  createdAt: iso(row.createdAt)!,
});
