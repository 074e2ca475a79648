import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentStatus, UNPAID_STATUSES } from '../../../shared/payments.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

export const paymentKindEnum = pgEnum('payment_kind', PAYMENT_KINDS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/**
 * Payment statuses as SQL literals (`'created', 'failed'`), from the shared lists: written into the
 * statement, not bound, so a partial index on them stays usable and a prepared plan can see them.
 */
export const statusLiterals = (statuses: readonly PaymentStatus[]) => sql.raw(statuses.map((s) => `'${s}'`).join(', '));

/** The ticket a booking pays for, with the service names as they were when the customer paid. */
export interface TicketDraft {
  mainServiceId: string;
  subServiceId: string;
  mainServiceName: string;
  subServiceName: string;
  description: string;
}

/**
 * One row per provider order: booking orders carry the ticket draft until the ticket is made;
 * in-progress orders point at the ticket they pay for.
 */
export const payments = pgTable(
  'payments',
  {
    /** The provider's order id (Razorpay's `order_…`, or the test provider's). */
    orderId: text('order_id').primaryKey(),
    kind: paymentKindEnum('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt').notNull(),
    status: paymentStatusEnum('status').notNull().default('created'),
    providerPaymentId: text('provider_payment_id'),
    draft: jsonb('draft').$type<TicketDraft>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the reconciliation last asked the provider about this order (null: never). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * The order's first payment_captured or payment_verified event's time: the day its revenue counts
     * on in the reports. Kept by the database from the events (the report_daily migration's triggers),
     * never written by the app.
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    // Newest first, as the database viewer pages them (without it, each page sorted the whole table).
    index('payments_created_idx').on(t.createdAt, t.orderId),
    // A ticket's orders of one kind and status: the in-progress fee's orders of a ticket, and whether one is paid.
    index('payments_ticket_idx').on(t.ticketId, t.kind, t.status),
    // The orders not paid yet, by their last activity: what the reconciliation asks the provider about.
    index('payments_unpaid_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in (${statusLiterals(UNPAID_STATUSES)})`),
    // At most one open in-progress order per ticket, even when calls race to open one.
    uniqueIndex('payments_one_open_inprogress_uq')
      .on(t.ticketId)
      .where(sql`${t.kind} = 'inprogress' and ${t.status} = 'created'`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
