import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';
import { suppliers } from './supplier.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: text('role_name').notNull().unique(),
  description: text('description'),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  /** admin, tender_manager and bidder: the code relies on their names. */
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** Bumped on password change and disable: tokens carrying an older version are revoked. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/**
 * Failed attempts per key — a username tried from one address, or one user's old-password
 * checks — counted atomically, so a burst of guesses cannot slip past the limit. Keying the
 * login count by address means a stranger elsewhere cannot lock the owner out.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Single tokens revoked by logout, kept until they would have expired anyway. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  userId: integer('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const powers = pgTable(
  'powers',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['group', 'menu', 'button'] }).notNull(),
    superior: integer('superior').notNull().default(0),
    title: text('title').notNull(),
    code: text('code').unique(),
    powerUrl: text('power_url'),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('powers_superior_idx').on(t.superior)],
);

export const rolePowers = pgTable(
  'role_powers',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    powerId: integer('power_id')
      .notNull()
      .references(() => powers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.powerId] })],
);

export const interfaces = pgTable(
  'interfaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    powerId: integer('power_id').references(() => powers.id, { onDelete: 'set null' }),
    /** Open to every logged-in user whatever the role (menu, logout, own profile). */
    open: boolean('open').notNull().default(false),
    description: text('description'),
    /** Registered by the server from its own route table. */
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('interfaces_method_url_idx').on(t.method, t.url)],
);

/**
 * Codes of the seeded powers this installation has received, so that an upgrade adds the
 * powers a release brings without bringing back those an administrator deleted.
 */
export const seededPowers = pgTable('seeded_powers', {
  code: text('code').primaryKey(),
});
