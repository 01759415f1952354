import {
  boolean,
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
import { bidApi } from '@tender/contracts';
import { suppliers } from './supplier.js';
import { lots, tenders } from './tender.js';
import type { SealedBlob } from '../../lib/seal.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One live bid per supplier and lot. Until the opening its content exists only in `sealed`
 * (price, remark, files, nonce, encrypted); the plain columns are filled by the opening.
 */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The latest revision number; revisions are drawn under this row's lock, without gaps. */
    revision: integer('revision').notNull(),
    // The contracts' list, so the column and the API name the same statuses (`rejected`: 否决 by
    // the committee's majority, its grounds in rejectGrounds).
    status: text('status', { enum: bidApi.BID_STATUSES }).notNull(),
    sealed: jsonb('sealed').$type<SealedBlob>(),
    digest: text('digest'),
    submittedAt: at('submitted_at').notNull(),
    submittedBy: integer('submitted_by').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** An amendment changed what the bid answers: it must be re-confirmed before the deadline. */
    needsReconfirm: boolean('needs_reconfirm').notNull().default(false),
    invalidReason: text('invalid_reason'),
    /** The R 51 grounds the committee's majority rejected it on (status `rejected`). */
    rejectGrounds: text('reject_grounds').array(),
    // Revealed by the opening:
    totalPrice: numeric('total_price', { precision: 18, scale: 2 }),
    currency: text('currency'),
    deliveryDays: integer('delivery_days'),
    warrantyMonths: integer('warranty_months'),
    remark: text('remark'),
    fileIds: integer('file_ids').array(),
    nonce: text('nonce'),
    openedAt: at('opened_at'),
    /** `bidder` mode: when the bidder's content key opened the bid at the opening. */
    decryptedAt: at('decrypted_at'),
    /** `bidder` mode: failed decryption attempts (wrong key or altered ciphertext), for the record. */
    decryptFailures: integer('decrypt_failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('bids_lot_supplier_idx').on(t.lotId, t.supplierId),
    index('bids_tender_idx').on(t.tenderId),
  ],
);

/** Every submission, re-confirmation and withdrawal, with its receipt. */
export const bidRevisions = pgTable(
  'bid_revisions',
  {
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    action: text('action', { enum: ['submit', 'reconfirm', 'withdraw'] }).notNull(),
    digest: text('digest').notNull(),
    sealed: jsonb('sealed').$type<SealedBlob>(),
    createdAt: at('created_at').notNull(),
    userId: integer('user_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [primaryKey({ columns: [t.bidId, t.revision] })],
);

/** A lot's section of the opening record. */
export interface OpeningLotSection {
  lotId: number;
  lotNo: number;
  name: string;
  minBids: number;
  validCount: number;
  failed: boolean;
}

/**
 * Made once by the opening, never changed (a trigger refuses updates and deletes). One per
 * tender (the opening is one act); each entry names its lot, and `lots` has a section per lot.
 * `validCount` and `failed` are the whole tender's: failed only when every lot failed.
 */
export const openingRecords = pgTable('opening_records', {
  tenderId: integer('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  openedAt: at('opened_at').notNull(),
  openedBy: integer('opened_by').notNull(),
  openedByName: text('opened_by_name').notNull(),
  entries: jsonb('entries').notNull(),
  lots: jsonb('lots').$type<OpeningLotSection[]>().notNull(),
  validCount: integer('valid_count').notNull(),
  failed: boolean('failed').notNull(),
});

/**
 * Each participating supplier's confirmation of, or objection to, the opening record, and the
 * manager's answer. Part of the record: a trigger refuses deletes and any change but the one
 * answer.
 */
export const openingConfirmations = pgTable(
  'opening_confirmations',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    agree: boolean('agree').notNull(),
    objection: text('objection'),
    confirmedAt: at('confirmed_at').notNull(),
    confirmedBy: integer('confirmed_by').notNull(),
    answer: text('answer'),
    answeredAt: at('answered_at'),
    answeredBy: integer('answered_by'),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.supplierId] })],
);

/** One award per lot. */
export const awards = pgTable(
  'awards',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .primaryKey()
      .references(() => lots.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    supplierId: integer('supplier_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    awardedBy: integer('awarded_by').notNull(),
    awardedAt: at('awarded_at').notNull(),
  },
  (t) => [index('awards_tender_idx').on(t.tenderId)],
);

/** Key–value facts about the installation, such as the seal key's fingerprint. */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
