import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { lots, tenders } from './tender.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Candidates and results are per lot. */
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
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
    /** As for tenders (lib/search-index.ts): lower-cased text and its character n-grams. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('announcements_tender_idx').on(t.tenderId),
    index('announcements_search_idx').using('gin', t.searchVector),
  ],
);

/** 异议: filed by a supplier that took part, during the publicity; answered by a manager. */
export const objections = pgTable(
  'objections',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    tenderId: integer('tender_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    userId: integer('user_id').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by'),
    answeredAt: at('answered_at'),
  },
  (t) => [
    index('objections_tender_idx').on(t.tenderId),
    index('objections_supplier_idx').on(t.supplierId),
  ],
);

/** What a person must act on or would want to know, written with the change that caused it. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
