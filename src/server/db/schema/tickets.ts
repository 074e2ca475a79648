import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REMOTE_TOOLS } from '../../../shared/contracts/messages.js';
import { TICKET_STATUSES, TICKET_EVENT_KINDS } from '../../../shared/tickets.js';
import { services } from './catalogue.js';
import { users } from './users.js';

export const ticketStatusEnum = pgEnum('ticket_status', TICKET_STATUSES);
export const ticketEventKindEnum = pgEnum('ticket_event_kind', TICKET_EVENT_KINDS);
export const remoteToolEnum = pgEnum('remote_tool', REMOTE_TOOLS);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The number a person says on the phone (shown as RF-1001): from a sequence, so unique and never
     * reused, even when the transaction that drew it rolls back (that number is skipped instead).
     */
    number: integer('number')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ name: 'tickets_number_seq', startWith: 1001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    mainServiceId: uuid('main_service_id').references(() => services.id, { onDelete: 'set null' }),
    subServiceId: uuid('sub_service_id').references(() => services.id, { onDelete: 'set null' }),
    mainServiceName: text('main_service_name').notNull(),
    subServiceName: text('sub_service_name').notNull(),
    /** "Main service › Sub-service", kept even if the catalogue changes. */
    service: text('service').notNull(),
    description: text('description').notNull(),
    status: ticketStatusEnum('status').notNull().default('pending'),
    remarks: text('remarks'),
    engineerId: uuid('engineer_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The booking order that paid for this ticket: unique, so one paid order makes one ticket. */
    bookingOrderId: text('booking_order_id').notNull().unique(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first `assigned` event's time (the reports' minutes to assign), kept by the report_daily triggers. */
    firstAssignedAt: timestamp('first_assigned_at', { withTimezone: true }),
    /** The remote session the customer gave (tool and id); cleared when the ticket is completed. */
    remoteTool: remoteToolEnum('remote_tool'),
    remoteAccessId: text('remote_access_id'),
    /**
     * What the admins' search matches (DECISIONS.md §7.5), lower-cased: the description and the
     * customer's name, email and phone digits. Kept by the database (the ticket_search_column
     * migration's triggers, on tickets and on the customer's account), never written by the app.
     */
    search: text('search').notNull().default(''),
  },
  (t) => [
    check('tickets_remote_access_whole', sql`(${t.remoteTool} is null) = (${t.remoteAccessId} is null)`),
    index('tickets_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('tickets_engineer_created_idx')
      .on(t.engineerId, t.createdAt, t.id)
      .where(sql`${t.engineerId} is not null`),
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_status_created_idx').on(t.status, t.createdAt, t.id),
    // The admins' ticket search: any part of `search` (pg_trgm, in PostgreSQL and PGlite alike).
    index('tickets_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
  ],
);

/** The audit trail: every status change, assignment, payment event and completion, with actor and time. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a booking payment's events until its ticket exists; then linked through `orderId`. */
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    /** Null when the system acted (a payment webhook, for instance). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: ticketEventKindEnum('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    // clock_timestamp(), not now(): several events of one transaction must keep their order.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('ticket_events_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_events_order_idx').on(t.orderId),
    // Newest first, as the database viewer pages them (without it, each page sorted the whole table).
    index('ticket_events_created_idx').on(t.createdAt, t.id),
  ],
);
