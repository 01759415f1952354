import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenders } from './tender.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface AnnouncementCandidate {
  rank: number;
  bidId: number;
  supplierId: number;
  supplierName: string;
  amount: number;
  reason: string;
}

/** 中标候选人公示 (`candidates`) and 中标结果公告 (`result`). */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['candidates', 'result'] }).notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    candidates: jsonb('candidates').$type<AnnouncementCandidate[]>().notNull().default([]),
    winnerSupplierId: integer('winner_supplier_id'),
    winnerName: text('winner_name'),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    publicityStart: at('publicity_start'),
    publicityEnd: at('publicity_end'),
    status: text('status', { enum: ['draft', 'published', 'revoked'] })
      .notNull()
      .default('draft'),
    revokeReason: text('revoke_reason'),
    createdBy: integer('created_by').notNull(),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_tender_idx').on(t.tenderId)],
);
