import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { announcementApi, committeeApi, reportApi } from '@tender/contracts';
import { users } from './access.js';
import { bids } from './bid.js';
import { lots, tenders } from './tender.js';
import { suppliers } from './supplier.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 专家库 (EVALUATION.md §2, "The expert pool"): a person with a login of role
 * `evaluation_expert` and this profile. Employer and its credit code decide 回避 at a draw.
 */
export const experts = pgTable(
  'experts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    employer: text('employer').notNull(),
    employerCreditCode: text('employer_credit_code'),
    title: text('title').notNull(),
    years: integer('years').notNull(),
    /** Values of the `tender_category` dictionary, at least one. */
    specialties: text('specialties').array().notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    suspendReason: text('suspend_reason'),
    /** The last day of a suspension (inclusive, Beijing time); null: until lifted. */
    suspendUntil: date('suspend_until', { mode: 'string' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('experts_specialties_idx').using('gin', t.specialties)],
);

/** 评标委员会: one per tender, formed after the bid deadline. */
export const committees = pgTable('committees', {
  id: serial('id').primaryKey(),
  tenderId: integer('tender_id')
    .notNull()
    .unique()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  size: integer('size').notNull(),
  /** The specialties the experts were drawn from. */
  specialties: text('specialties').array().notNull(),
  standbys: integer('standbys').notNull(),
  createdAt: at('created_at').notNull(),
  createdBy: integer('created_by').notNull(),
});

/**
 * Every random draw of a committee: the first (`initial`) and any that fills a seat once the
 * standbys are used up (`refill`). Enough is kept to recompute it (verify-draw): the seed, the
 * eligible experts' ids ascending and their digest, and the order the shuffle gave.
 */
export const committeeDraws = pgTable(
  'committee_draws',
  {
    id: serial('id').primaryKey(),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['initial', 'refill'] }).notNull(),
    /** 64 hex characters: 256 bits from the system's secure random source. */
    seed: text('seed').notNull(),
    eligibleIds: integer('eligible_ids').array().notNull(),
    eligibleDigest: text('eligible_digest').notNull(),
    /** How many the draw seated (members first, then standbys). */
    seats: integer('seats').notNull(),
    /** The expert ids the shuffle put in the first `seats` places, in order. */
    drawnIds: integer('drawn_ids').array().notNull(),
    drawnAt: at('drawn_at').notNull(),
    drawnBy: integer('drawn_by').notNull(),
  },
  (t) => [index('committee_draws_committee_idx').on(t.committeeId)],
);

/**
 * `active`: sits on the committee; `standby`: drawn, waits its turn by `standbyRank`;
 * `replaced` by a manager (its sheets void); `recused`: declared a conflict at the pledge.
 */
export const MEMBER_STATUSES = ['active', 'standby', 'replaced', 'recused'] as const;

export const committeeMembers = pgTable(
  'committee_members',
  {
    id: serial('id').primaryKey(),
    committeeId: integer('committee_id')
      .notNull()
      .references(() => committees.id, { onDelete: 'cascade' }),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Null for the buyer's representatives. */
    expertId: integer('expert_id').references(() => experts.id),
    kind: text('kind', { enum: committeeApi.MEMBER_KINDS }).notNull(),
    chair: boolean('chair').notNull().default(false),
    status: text('status', { enum: MEMBER_STATUSES }).notNull(),
    /** The draw that seated it (null for representatives). */
    drawId: integer('draw_id').references(() => committeeDraws.id),
    /** Standbys step in by this order (1 first). */
    standbyRank: integer('standby_rank'),
    /** Names of every signed-up supplier the pledge covered. */
    pledgeSuppliers: text('pledge_suppliers').array(),
    pledgedAt: at('pledged_at'),
    /** 申请回避: the conflict declared instead of the pledge. */
    conflict: text('conflict'),
    /** Why a manager replaced it. */
    replacedReason: text('replaced_reason'),
    replacedAt: at('replaced_at'),
    replacedBy: integer('replaced_by'),
    /** The member who took this seat. */
    successorId: integer('successor_id'),
    joinedAt: at('joined_at').notNull(),
  },
  (t) => [
    uniqueIndex('committee_members_user_idx').on(t.committeeId, t.userId),
    index('committee_members_user_tender_idx').on(t.userId, t.tenderId),
  ],
);

/**
 * One member's sheet for one lot, filled alone. `review`: [{ bidId, pass, ground, note }];
 * `scores`: [{ bidId, criterionId, score }]. Submitting locks it; the chair may re-open it once.
 * A replaced member's sheets are void and count for nothing.
 */
export const evaluationSheets = pgTable(
  'evaluation_sheets',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => committeeMembers.id, { onDelete: 'cascade' }),
    review: jsonb('review').$type<SheetReview[]>().notNull().default([]),
    scores: jsonb('scores').$type<SheetScore[]>().notNull().default([]),
    savedAt: at('saved_at').notNull(),
    submittedAt: at('submitted_at'),
    reopenReason: text('reopen_reason'),
    reopenedAt: at('reopened_at'),
    voidAt: at('void_at'),
  },
  (t) => [uniqueIndex('evaluation_sheets_lot_member_idx').on(t.lotId, t.memberId)],
);

export interface SheetReview {
  bidId: number;
  pass: boolean;
  ground: string | null;
  note: string;
}
export interface SheetScore {
  bidId: number;
  criterionId: number;
  score: number;
}

/** 评标澄清 (R 52): a member's written question to one bidder, and its answer. */
export const clarifications = pgTable(
  'clarifications',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => committeeMembers.id),
    question: text('question').notNull(),
    answerBy: at('answer_by').notNull(),
    askedAt: at('asked_at').notNull(),
    answer: text('answer'),
    answerFileIds: integer('answer_file_ids').array(),
    answeredAt: at('answered_at'),
    answeredBy: integer('answered_by'),
  },
  (t) => [
    index('clarifications_lot_idx').on(t.lotId),
    index('clarifications_supplier_idx').on(t.supplierId, t.askedAt),
  ],
);

/**
 * 评标报告: made by the chair's finish, one version per finish. `content` is the report as
 * computed (EvaluationReport in contracts, without signatures); `digest` its SHA-256. A
 * returned version is kept as it was.
 */
export const evaluationReports = pgTable(
  'evaluation_reports',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    version: smallint('version').notNull(),
    status: text('status', { enum: reportApi.REPORT_STATUSES }).notNull(),
    /** `fail`: the committee found too few valid bids and the lot fails. */
    outcome: text('outcome', { enum: ['ranked', 'failed'] }).notNull(),
    content: jsonb('content').notNull(),
    digest: text('digest').notNull(),
    createdAt: at('created_at').notNull(),
    createdBy: integer('created_by').notNull(),
    finalAt: at('final_at'),
    returnedAt: at('returned_at'),
    returnedBy: integer('returned_by'),
    returnReason: text('return_reason'),
  },
  (t) => [uniqueIndex('evaluation_reports_lot_version_idx').on(t.lotId, t.version)],
);

/** Every member's signature of a report version: agree, or dissent with its reason (R 53). */
export const reportSignatures = pgTable(
  'report_signatures',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => evaluationReports.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => committeeMembers.id),
    agree: boolean('agree').notNull(),
    dissent: text('dissent'),
    signedAt: at('signed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.memberId] })],
);

/** A candidate that dropped out for a lawful reason (R 55): the award moves to the next. */
export const candidateDeclines = pgTable(
  'candidate_declines',
  {
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    ground: text('ground', { enum: announcementApi.DECLINE_GROUNDS }).notNull(),
    reason: text('reason').notNull(),
    fileIds: integer('file_ids').array().notNull().default([]),
    declinedAt: at('declined_at').notNull(),
    declinedBy: integer('declined_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.bidId] })],
);
