import { pgTable, serial, text, timestamp, integer } from 'drizzle-orm/pg-core';

/** A bidder company. Qualification files are files owned by ('supplier', id). */
export const suppliers = pgTable('suppliers', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull().unique(),
  creditCode: text('credit_code').notNull().unique(),
  legalRepresentative: text('legal_representative').notNull(),
  contactName: text('contact_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  address: text('address'),
  registeredCapital: text('registered_capital'),
  businessScope: text('business_scope'),
  categories: text('categories').array().notNull().default([]),
  status: text('status', { enum: ['pending', 'approved', 'rejected', 'blacklisted'] })
    .notNull()
    .default('pending'),
  reviewReason: text('review_reason'),
  /** End of a blacklisting; null with status blacklisted means permanent. Lifts by the clock. */
  blacklistUntil: timestamp('blacklist_until', { withTimezone: true }),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
