import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROCUREMENT_METHOD_CODES } from '@tender/contracts/procurement-method';
import { suppliers } from './supplier.js';
import { files } from './file.js';
import type { StoredEvaluation } from '@tender/contracts/evaluation';
import { BOND_FORMS } from '@tender/contracts/bond';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Stored statuses. `closed` is never stored: it is derived from `published` and the clock
 * (see effectiveTenderStatus), so every instance agrees without a job.
 */
export const STORED_TENDER_STATUSES = [
  'draft',
  'published',
  'cancelled',
  'opening',
  'opened',
  'awarded',
  'failed',
] as const;

export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    tenderNo: text('tender_no').notNull().unique(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    procurementMethod: text('procurement_method', { enum: PROCUREMENT_METHOD_CODES }).notNull(),
    budget: numeric('budget', { precision: 18, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    region: text('region'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    contact: text('contact'),
    contactPhone: text('contact_phone'),
    mandatory: boolean('mandatory').notNull().default(false),
    docsFrom: at('docs_from'),
    docsUntil: at('docs_until'),
    bidValidityDays: integer('bid_validity_days').notNull().default(90),
    bidDeadline: at('bid_deadline').notNull(),
    openingAt: at('opening_at').notNull(),
    minBids: integer('min_bids').notNull().default(3),
    priceCeiling: numeric('price_ceiling', { precision: 18, scale: 2 }),
    sealMode: text('seal_mode', { enum: ['server', 'bidder'] })
      .notNull()
      .default('server'),
    decryptionMinutes: integer('decryption_minutes').notNull().default(30),
    /** After the opening, suppliers confirm the record or object to it within this time. */
    confirmMinutes: integer('confirm_minutes').notNull().default(30),
    /** `bidder` mode: the decryption window, set when the opening starts (status `opening`). */
    decryptStartedAt: at('decrypt_started_at'),
    decryptStartedBy: integer('decrypt_started_by'),
    decryptUntil: at('decrypt_until'),
    /** The one extension allowed, with its reason. */
    decryptExtendedMinutes: integer('decrypt_extended_minutes'),
    decryptExtendReason: text('decrypt_extend_reason'),
    status: text('status', { enum: STORED_TENDER_STATUSES }).notNull().default('draft'),
    cancelReason: text('cancel_reason'),
    /** When it was cancelled: starts the refund clocks of its bid bonds. */
    cancelledAt: at('cancelled_at'),
    /** The failed or cancelled tender this one re-tenders. */
    retenderOf: integer('retender_of'),
    /** 兼投不兼中: a supplier wins at most this many lots (null: no cap). */
    maxLotsPerWinner: integer('max_lots_per_winner'),
    /**
     * 评标设置 (EvaluationSettings in contracts, criteria with their criterionIds): fixed at
     * publication, changed only by an amendment. `{}` reads as the defaults: the manager awards.
     */
    evaluation: jsonb('evaluation').$type<StoredEvaluation>().notNull().default({}),
    /** 答疑截止: null reads as the default (defaultQuestionsUntil in contracts). */
    questionsUntil: at('questions_until'),
    /** The bid bond forms it accepts. */
    bondForms: text('bond_forms', { enum: BOND_FORMS })
      .array()
      .notNull()
      .default(sql`'{transfer,guarantee,insurance}'::text[]`),
    publishedAt: at('published_at'),
    createdBy: integer('created_by').notNull(),
    /** Lower-cased text the search matches (title, number, region, category, description). */
    searchText: text('search_text').notNull().default(''),
    /** Every character and every pair of adjacent characters of searchText, GIN-indexed. */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tenders_search_idx').using('gin', t.searchVector),
    index('tenders_status_deadline_idx').on(t.status, t.bidDeadline),
    // 招标管理's order: its first pages and an export's batches walk it instead of sorting all.
    index('tenders_created_newest_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // 招标管理 filtered by status, newest first: 已截止 (published, deadline passed) is decided
    // on the index's own deadline, without reading the open tenders it walks past.
    index('tenders_status_newest_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.bidDeadline,
    ),
    // The public search's order over exactly its rows (publiclyVisible in modules/tenders):
    // a common keyword or a filter is answered by walking it newest first, a publication-date
    // range by a range of it. (An index of published_at over all tenders made the planner walk
    // it and re-sort each group of equal dates instead: 3-7 ms for 2 ms on PGlite.)
    // The method test is openToAll in modules/tenders/method.ts, as a literal (its unit test
    // checks they agree): a method open to all added there needs a migration of this index.
    index('tenders_public_newest_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(
        sql`${t.status} <> 'draft' and ${t.publishedAt} is not null and ${t.procurementMethod} = 'open'`,
      ),
  ],
);

/**
 * What a lot's own life adds to its tender's status: `failed` (too few valid bids at the
 * opening) and `awarded`. Until then a lot's status is its tender's (see lotStatus).
 */
export const STORED_LOT_STATUSES = ['active', 'failed', 'awarded'] as const;

/**
 * 标段/标包: every tender has 1…n lots, numbered without gaps. A tender saved without lots has
 * one made from its own budget, ceiling and minimum bids. The tender's budget is their sum.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotNo: integer('lot_no').notNull(),
    name: text('name').notNull(),
    budget: numeric('budget', { precision: 18, scale: 2 }).notNull(),
    priceCeiling: numeric('price_ceiling', { precision: 18, scale: 2 }),
    minBids: integer('min_bids').notNull().default(3),
    /** 投标保证金 required on this lot; 0: none. */
    bidBond: numeric('bid_bond', { precision: 18, scale: 2 }).notNull().default('0'),
    quantity: text('quantity'),
    description: text('description').notNull().default(''),
    status: text('status', { enum: STORED_LOT_STATUSES }).notNull().default('active'),
    /** When it failed (at the opening or by the committee): starts its bonds' refund clocks. */
    failedAt: at('failed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lots_tender_lot_no_idx').on(t.tenderId, t.lotNo)],
);

/** One row per year: tender numbers are drawn under its row lock, so they have no gaps. */
export const tenderNumberCounters = pgTable('tender_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const tenderInvitations = pgTable(
  'tender_invitations',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
  },
  (t) => [
    primaryKey({ columns: [t.tenderId, t.supplierId] }),
    // A company's invitations: 招标信息 counts them and tells its invited tenders from the rest.
    index('tender_invitations_supplier_idx').on(t.supplierId, t.tenderId),
  ],
);

/** 澄清/修改: numbered per tender, with what changed. */
export const amendments = pgTable(
  'amendments',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    reason: text('reason').notNull(),
    /** [{ field, before, after }] */
    changes: jsonb('changes').notNull(),
    deadlineBefore: at('deadline_before').notNull(),
    deadlineAfter: at('deadline_after').notNull(),
    openingBefore: at('opening_before').notNull(),
    openingAfter: at('opening_after').notNull(),
    /** The 15-day rule moved the deadline. */
    deadlineExtended: boolean('deadline_extended').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('amendments_tender_number_idx').on(t.tenderId, t.number)],
);

/** A supplier signed up for a tender (by itself, or invited by a manager). */
export const participations = pgTable(
  'participations',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    userId: integer('user_id'),
    invitedBy: integer('invited_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participations_tender_supplier_idx').on(t.tenderId, t.supplierId),
    // A company's sign-ups: 招标信息's 只看已报名 counts them.
    index('participations_supplier_idx').on(t.supplierId, t.tenderId),
  ],
);

/** The lots a signed-up supplier means to bid for (default all). */
export const participationLots = pgTable(
  'participation_lots',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.supplierId] }),
    index('participation_lots_tender_supplier_idx').on(t.tenderId, t.supplierId),
  ],
);

export const downloadLog = pgTable(
  'download_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    userId: integer('user_id').notNull(),
    username: text('username').notNull(),
    supplierId: integer('supplier_id'),
    ip: text('ip'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('download_log_tender_idx').on(t.tenderId, t.createdAt)],
);
