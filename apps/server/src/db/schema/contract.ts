import { date, integer, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { bids } from './bid.js';
import { suppliers } from './supplier.js';
import { lots, tenders } from './tender.js';

/**
 * 合同 (EVALUATION.md §5): one per awarded lot, for the awarded amount, due within 30 days of
 * the award notice. Its signing day starts the lot's bond refund clocks.
 */
export const contracts = pgTable('contracts', {
  id: serial('id').primaryKey(),
  tenderId: integer('tender_id')
    .notNull()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  lotId: integer('lot_id')
    .notNull()
    .unique()
    .references(() => lots.id, { onDelete: 'cascade' }),
  bidId: integer('bid_id')
    .notNull()
    .references(() => bids.id),
  supplierId: integer('supplier_id')
    .notNull()
    .references(() => suppliers.id),
  /** The day it was signed (Beijing). */
  signedAt: date('signed_at', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
