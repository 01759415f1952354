import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { suppliers } from './supplier.js';
import { tenders } from './tender.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 答疑 (EVALUATION.md §3): a signed-up supplier's question and the managers' answer. The asker
 * (supplier and user) is kept for managers only; nothing shown to a supplier names it.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    askedBy: integer('asked_by')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    askedAt: at('asked_at').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: at('answered_at'),
  },
  (t) => [index('questions_tender_idx').on(t.tenderId, t.askedAt)],
);
