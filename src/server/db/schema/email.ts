import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES, type EmailKind } from '../../../shared/contracts/emails.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

export const emailStatusEnum = pgEnum('email_status', EMAIL_STATUSES);

/** A file sent with an email, made when it is sent (a receipt's PDF), not stored with it. */
export type EmailAttachmentRef = { type: 'receipt'; orderId: string };

/**
 * Every email the service sends (DECISIONS.md §7.3), written in the transaction of the change that
 * causes it, rendered then (what admins preview is what goes out). Its send job (modules/email/jobs.ts)
 * is enqueued in that same transaction; without SMTP_URL it is `kept` and nothing is sent.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    /** The account it was written for (null: an address with no account, e.g. SUPPORT_EMAIL). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    kind: text('kind').$type<EmailKind>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe on the optional ones). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb('attachments').$type<EmailAttachmentRef[]>().notNull().default([]),
    status: emailStatusEnum('status').notNull().default('queued'),
    /** Sends tried (each one counted when it starts). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** While a send runs: until when it holds the email (another run of its job leaves it alone). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('emails_created_idx').on(t.createdAt, t.id), index('emails_ticket_kind_idx').on(t.ticketId, t.kind)],
);

export type EmailRow = typeof emails.$inferSelect;

/** Which optional emails an account gets; no row: all of them. */
export const emailPreferences = pgTable('email_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ticketUpdates: boolean('ticket_updates').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Password reset links: only the SHA-256 of the random token is kept. Single use (`usedAt`), 30
 * minutes, and only for the session version it was issued at: any reset or password change since
 * (which raises users.tokenVersion) voids it.
 *
 * An undo link (`restoreEmail` set) is emailed to the address an owner's profile edit moved the
 * account away from: it sets a password and puts back that address and the Google link the account
 * had then. It lasts 7 days and no reset or change since voids it (auth/password-reset.ts).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    restoreEmail: text('restore_email'),
    restoreGoogleSub: text('restore_google_sub'),
  },
  (t) => [index('password_resets_user_created_idx').on(t.userId, t.createdAt)],
);

/** When an account was last emailed about a ticket's messages: at most one such email in 10 minutes. */
export const messageEmailMarks = pgTable(
  'message_email_marks',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);
