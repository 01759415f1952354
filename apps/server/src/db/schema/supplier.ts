import { pgTable, serial, text, timestamp, integer } from 'drizzle-orm/pg-core';

/** A bidder company. The tendering module adds review screens and qualification files. */
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
  reviewedBy: integer('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
