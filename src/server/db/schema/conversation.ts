import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tickets } from './tickets.js';
import { users } from './users.js';

/** Bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both are handed on as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** The conversation on a ticket (DECISIONS.md §7.2): messages, and staff notes (`internal`). */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Trimmed; '' when the message only carries attachments. */
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    // clock_timestamp(), taken under the ticket's row lock: a ticket's messages are in the order they
    // committed, so a reader that asks for the ones after the last it saw never misses one.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /**
     * The sender's Idempotency-Key: a Send asked again after its answer was lost (a phone on a bad
     * line) answers this message instead of posting it twice.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('ticket_messages_idempotency_key_unique')
      .on(t.authorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // The thread in order (ticket, time, id), and the unread counts' question, "this ticket's messages
    // after my read marker, not mine, not staff notes unless I read them", answered from the index
    // alone (author and kind in it): an index-only range scan per ticket of a list's page.
    index('ticket_messages_thread_idx').on(t.ticketId, t.createdAt, t.id, t.authorId, t.internal),
  ],
);

/**
 * Files attached to messages, their bytes in the database so that every instance serves every file.
 * An upload belongs to its uploader and ticket until a message uses it (`messageId`); one no message
 * used within 24 hours is deleted (conversation/jobs.ts).
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_attachments_message_idx').on(t.messageId),
    // A ticket's files: the total its uploads are capped at, and the cascade when it is deleted.
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    // The clean-up's search: unused uploads, oldest first.
    index('ticket_attachments_unused_idx')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null`),
  ],
);

/** How far each reader has read a ticket's conversation: the unread counts. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The creation time of the last message read: every message up to it is read. */
    readUpTo: timestamp('read_up_to', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);
