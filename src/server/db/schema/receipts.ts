import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { paymentKindEnum, payments } from './payments.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

/**
 * The last receipt number drawn in each Indian financial year ('2026-27'). A settlement takes the next
 * one with an upsert on this row, which holds the row's lock until it commits: instances settling at
 * the same moment take turns, and a transaction that rolls back gives its number back.
 */
export const receiptCounters = pgTable('receipt_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The business receipts name (BUSINESS_NAME, BUSINESS_ADDRESS, GSTIN), written from the configuration
 * at every boot: payments are settled from many places (checkout, webhook, reconciliation), and each
 * copies this row into the receipt it issues. One row.
 */
export const receiptIssuer = pgTable(
  'receipt_issuer',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    address: text('address'),
    gstin: text('gstin'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('receipt_issuer_one_row', sql`${t.id} = 1`)],
);

/**
 * One receipt per paid payment (captured or verified), issued in the transaction that marks it paid.
 * It keeps everything it shows, so a later change to the customer, the catalogue or the business does
 * not change a receipt already issued.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** RF/2026-27/000001: the financial year and its serial, as printed. */
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => payments.orderId, { onDelete: 'restrict' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: paymentKindEnum('kind').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paymentId: text('payment_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    businessName: text('business_name').notNull(),
    businessAddress: text('business_address'),
    gstin: text('gstin'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    ticketNumber: integer('ticket_number').notNull(),
    service: text('service').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('receipts_year_serial_uq').on(t.financialYear, t.serial),
    index('receipts_ticket_idx').on(t.ticketId, t.paidAt),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;
