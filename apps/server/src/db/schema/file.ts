import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { SealedBlob } from '../../lib/seal.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * What a file is attached to decides who may read it. An upload starts unattached
 * (`ownerType` null): only its uploader reads it, and it is removed after a day.
 */
export const FILE_OWNER_TYPES = [
  'tender',
  'supplier',
  'bid',
  'objection',
  'clarification',
  /** A declined candidate's evidence (owner id: the declined bid). */
  'candidate_decline',
  /** A bid bond's vouchers (owner id: the bond). */
  'bond',
  /** A signed contract (owner id: the contract). */
  'contract',
] as const;
export type FileOwnerType = (typeof FILE_OWNER_TYPES)[number];

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    ownerType: text('owner_type', { enum: FILE_OWNER_TYPES }),
    ownerId: integer('owner_id'),
    /**
     * A `bidder`-mode bid attachment: the bytes are the browser's AES-256-GCM ciphertext (IV
     * first), readable by nobody until its bidder's content key arrives at the opening.
     */
    bidderEncrypted: boolean('bidder_encrypted').notNull().default(false),
    /**
     * A bid upload's real SHA-256 and size, sealed like its chunks (`file:<id>:facts`): the
     * submission unseals these instead of reading the whole file again.
     */
    sealedFacts: jsonb('sealed_facts').$type<SealedBlob>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerType, t.ownerId),
    index('files_unattached_idx').on(t.createdAt),
  ],
);

/** The bytes, in the database so they commit, replicate and back up with their record. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
