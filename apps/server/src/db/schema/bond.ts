import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOND_FORMS, FORFEIT_GROUNDS } from '@tender/contracts/bond';
import { users } from './access.js';
import { suppliers } from './supplier.js';
import { lots, tenders } from './tender.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Stored statuses of a bond. `due` (a verified bond whose refund clock has started) and
 * `overdue` are derived from the clock and the events (see modules/bonds), never stored.
 */
export const STORED_BOND_STATUSES = [
  'declared',
  'verified',
  'rejected',
  'refunded',
  'forfeited',
] as const;

/**
 * 投标保证金 (EVALUATION.md §4): one declaration per supplier and lot, replaced in place until
 * the deadline (each version is in the audit log). The payer's account is shown in full to its
 * supplier only.
 */
export const bonds = pgTable(
  'bonds',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    declaredBy: integer('declared_by')
      .notNull()
      .references(() => users.id),
    form: text('form', { enum: BOND_FORMS }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    payerName: text('payer_name').notNull(),
    /** Digits only; compared across suppliers for R 40's collusion warning. */
    payerAccount: text('payer_account').notNull(),
    guaranteeNo: text('guarantee_no'),
    issuer: text('issuer'),
    /** The last day a guarantee or insurance is valid (Beijing). */
    validUntil: date('valid_until', { mode: 'string' }),
    status: text('status', { enum: STORED_BOND_STATUSES }).notNull().default('declared'),
    reviewReason: text('review_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    refundedAt: date('refunded_at', { mode: 'string' }),
    refundReference: text('refund_reference'),
    forfeitGround: text('forfeit_ground', { enum: FORFEIT_GROUNDS }),
    forfeitReason: text('forfeit_reason'),
    /** Who recorded the refund or the forfeit, and when. */
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: at('closed_at'),
    declaredAt: at('declared_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('bonds_lot_supplier_idx').on(t.lotId, t.supplierId),
    index('bonds_tender_idx').on(t.tenderId),
    index('bonds_status_idx').on(t.status),
  ],
);
